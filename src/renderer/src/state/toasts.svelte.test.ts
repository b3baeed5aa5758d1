import { describe, expect, it } from 'vitest';
import { TOAST_MS, Toasts } from './toasts.svelte';

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
});
