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
