import { afterEach, describe, expect, it } from 'vitest';
import { i18n, t } from '../i18n/i18n.svelte';
import { TOAST_MS, TOAST_NAME_MAX, Toasts } from './toasts.svelte';

describe('toasts', () => {
  afterEach(() => i18n.choose(null));
  it('each success goes after its time, all of them kept till then (the stack shows the newest three and counts the rest)', () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const toasts = new Toasts((run, ms) => timers.push({ run, ms }));
    for (const text of ['one', 'two', 'three', 'four']) toasts.say(() => text);
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['one', 'two', 'three', 'four']);
    expect(timers.every((timer) => timer.ms === TOAST_MS)).toBe(true);
    timers[1]?.run();
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['one', 'three', 'four']);
  });

  it('a failure is never pushed out by the successes after it, nor goes by itself: it stays until the clerk closes it', () => {
    const timers: Array<() => void> = [];
    const toasts = new Toasts((run) => timers.push(run));
    toasts.sayAbout('Holiday Hamster', (name) => `${name} was not added.`, true);
    for (const name of ['Ada', 'Bea', 'Cid', 'Dora']) toasts.sayAbout(name, (shown) => `Added ${shown}.`);
    for (const run of timers) run();
    expect(toasts.shown).toEqual([expect.objectContaining({ text: 'Holiday Hamster was not added.', error: true })]);
    const [refused] = toasts.shown;
    if (refused) toasts.dismiss(refused.id);
    expect(toasts.shown).toEqual([]);
  });

  it('shows a long name cut short with “…”, and keeps the whole message for the screen reader', () => {
    const toasts = new Toasts(() => {});
    const long = `Unbroken${'x'.repeat(192)}`;
    toasts.sayAbout(long, (name) => `Saved (${name}).`);
    toasts.sayAbout('Waldi', (name) => `Saved (${name}).`);
    const [cut, whole] = toasts.shown;
    expect(cut?.text).toBe(`Saved (${long}).`);
    expect(cut?.shown).toBe(`Saved (${long.slice(0, TOAST_NAME_MAX)}…).`);
    expect(whole).toEqual({ id: 2, text: 'Saved (Waldi).' });
  });

  it('never cuts a character in half: a name of flags is cut between two flags', () => {
    const toasts = new Toasts(() => {});
    toasts.sayAbout('🇩🇪'.repeat(40), (name) => name);
    expect(toasts.shown[0]?.shown).toBe(`${'🇩🇪'.repeat(TOAST_NAME_MAX)}…`);
  });

  it('a toast up while the clerk switches language is read in the new one, a long name cut short in it too', () => {
    const toasts = new Toasts(() => {});
    i18n.choose('en');
    toasts.say(() => t('list.exported', { count: 262, file: 'petstore-demo.csv' }));
    const long = `Unbroken${'x'.repeat(192)}`;
    toasts.sayAbout(long, (name) => t('add.savedQueued', { name }));
    expect(toasts.shown[0]?.text).toBe('Exported 262 animals to petstore-demo.csv.');

    i18n.choose('de');
    const [exported, saved] = toasts.shown;
    expect(exported?.text).toBe('262 Tiere nach petstore-demo.csv exportiert.');
    expect(saved?.text).toBe(`Gespeichert — wird gesendet, sobald der Dienst wieder erreichbar ist (${long}).`);
    expect(saved?.shown).toBe(
      `Gespeichert — wird gesendet, sobald der Dienst wieder erreichbar ist (${long.slice(0, TOAST_NAME_MAX)}…).`,
    );
  });
});
