import { afterEach, describe, expect, it } from 'vitest';
import { i18n, t } from '../i18n/i18n.svelte';
import { TOAST_MS, Toasts } from './toasts.svelte';

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
    toasts.say(() => 'Holiday Hamster was not added.', true);
    for (const name of ['Ada', 'Bea', 'Cid', 'Dora']) toasts.say(() => `Added ${name}.`);
    for (const run of timers) run();
    expect(toasts.shown).toEqual([expect.objectContaining({ text: 'Holiday Hamster was not added.', error: true })]);
    const [refused] = toasts.shown;
    if (refused) toasts.dismiss(refused.id);
    expect(toasts.shown).toEqual([]);
  });

  it('a toast up while the clerk switches language is read in the new one, a long name whole', () => {
    const toasts = new Toasts(() => {});
    i18n.choose('en');
    toasts.say(() => t('list.exported', { count: 262, file: 'petstore-demo.csv' }));
    const long = `Unbroken${'x'.repeat(192)}`;
    toasts.say(() => t('add.savedQueued', { name: long }));
    expect(toasts.shown[0]?.text).toBe('Exported 262 animals to petstore-demo.csv.');

    i18n.choose('de');
    const [exported, saved] = toasts.shown;
    expect(exported?.text).toBe('262 Tiere nach petstore-demo.csv exportiert.');
    expect(saved?.text).toBe(`Gespeichert, wird später gesendet: ${long}`);
  });
});
