import type { Locator } from '@playwright/test';
import type { PetstoreApp } from '../fixtures';
import { COLOR_SCHEMES, expectAccessible } from './axe';

/** The window sizes a counter runs at: the usual laptop and the smallest supported. */
export const WINDOW_SIZES = [
  { width: 1024, height: 640 },
  { width: 800, height: 560 },
] as const;

/**
 * A screenshot of the screen as it is now at each window size, light and
 * dark, each with its axe scan; the page is left light at the first size.
 * `show` is scrolled into view first (a line under a long table, say).
 */
export async function everyLook(petstore: PetstoreApp, screen: string, show?: Locator): Promise<void> {
  const { page } = petstore;
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of WINDOW_SIZES) {
      await page.setViewportSize(size);
      await show?.scrollIntoViewIfNeeded();
      await expectAccessible(petstore, `${screen} (${size.width}×${size.height}, ${scheme})`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(WINDOW_SIZES[0]);
}
