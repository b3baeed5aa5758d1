import { describe, expect, it } from 'vitest';
import { TOAST_MS, TOAST_NAME_MAX, Toasts } from './toasts.svelte';

describe('toasts', () => {
  it('each goes after its time, and at most three stand at once, the oldest leaving first', () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const toasts = new Toasts((run, ms) => timers.push({ run, ms }));
    for (const text of ['one', 'two', 'three', 'four']) toasts.say(text);
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['two', 'three', 'four']);
    expect(timers.every((timer) => timer.ms === TOAST_MS)).toBe(true);
    timers[1]?.run();
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['three', 'four']);
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
});
