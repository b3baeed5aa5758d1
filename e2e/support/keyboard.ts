import type { Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until the focused element's text is `text`, as a keyboard user would. */
export async function tabTo(page: Page, text: string, { limit = 60, backwards = false } = {}): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''");
    if (focused === text) return;
  }
  throw new Error(`Tab never reached “${text}”`);
}

/** The key events of one key, as Chromium's input takes them. */
const keyOf = (key: string) =>
  key === 'Enter'
    ? { key, code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 }
    : { key, code: `Digit${key}`, text: key, windowsVirtualKeyCode: key.charCodeAt(0) };

/**
 * `digits`, then Enter, each key `gapMs` after the last by the time the page sees on it (a keyboard-wedge scanner's
 * cadence, or a person's). Typed through the driver, each key waits for the last to come back: on a busy machine
 * that put up to 480 ms between keys, past the 50 ms a scan allows.
 */
export async function digitsThenEnter(page: Page, digits: string, gapMs: number): Promise<void> {
  const input = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const [index, key] of [...Array.from(digits), 'Enter'].entries()) {
    const timestamp = start + (index * gapMs) / 1000;
    const { text, ...named } = keyOf(key);
    await input.send('Input.dispatchKeyEvent', { type: 'keyDown', timestamp, text, ...named });
    await input.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp, ...named });
  }
  await input.detach();
}
