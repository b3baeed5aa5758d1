import { describe, expect, it } from 'vitest';
import { TOAST_MS, TOAST_NAME_MAX, Toasts } from './toasts.svelte';

describe('toasts', () => {
  it('stands one at a time, a newer one taking its place, and goes after its time', () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const toasts = new Toasts((run, ms) => timers.push({ run, ms }));
    for (const text of ['one', 'two', 'three']) toasts.say(text);
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['three']);
    expect(timers.every((timer) => timer.ms === TOAST_MS)).toBe(true);
    // The first one's time running out does not take the newest away.
    timers[0]?.run();
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['three']);
    timers[2]?.run();
    expect(toasts.shown).toEqual([]);
  });

  it('shows a long name cut short with “…”, and keeps the whole message for the screen reader', () => {
    const toasts = new Toasts(() => {});
    const long = `Unbroken${'x'.repeat(192)}`;
    toasts.sayAbout(long, (name) => `Saved (${name}).`);
    const [cut] = toasts.shown;
    expect(cut?.text).toBe(`Saved (${long}).`);
    expect(cut?.shown).toBe(`Saved (${long.slice(0, TOAST_NAME_MAX)}…).`);
    toasts.sayAbout('Waldi', (name) => `Saved (${name}).`);
    expect(toasts.shown).toEqual([{ id: 2, text: 'Saved (Waldi).' }]);
  });

  it('never cuts a character in half: a name of flags is cut between two flags', () => {
    const toasts = new Toasts(() => {});
    toasts.sayAbout('🇩🇪'.repeat(40), (name) => name);
    expect(toasts.shown[0]?.shown).toBe(`${'🇩🇪'.repeat(TOAST_NAME_MAX)}…`);
  });
});
