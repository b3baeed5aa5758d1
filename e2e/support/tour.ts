import type { Locator, Page } from '@playwright/test';
import type { Pet } from '../../src/shared/pet';
import type { CategoryLabel } from '../../src/shared/views';
import { defaultCategories } from '../../src/main/core/categories';
import { categoryText } from '../../src/renderer/src/lib/categories';
import type { PetstoreApp } from '../fixtures';
import { expectAllMarked, expectNothingCutShort, speak, words, type Locale, type Say } from './catalogue-text';
import { WINDOW_SIZES } from './looks';

/**
 * Each tour runs in every one of these: in the pseudo-locale each stop checks
 * that every text comes from the catalogue; in German, French and Spanish,
 * that nothing is cut short at 1024×640. Each stop is a screenshot either way.
 */
export const LOCALES = ['pseudo', 'de', 'fr', 'es'] as const satisfies readonly Locale[];

/** The demo's category names as the app seeds them: data the clerk can rename. */
export const DEMO_CATEGORIES: CategoryLabel[] = defaultCategories().labels.demo ?? [];

/** What the screens show of some animals as data: ids, names, and categories as the rows write them. */
export function petData(pets: readonly Pet[], categories: readonly CategoryLabel[] = DEMO_CATEGORIES): string[] {
  return pets.flatMap((pet) => [pet.id, pet.name, pet.categoryId, categoryText(pet.categoryId, categories)]);
}

export interface Tour {
  page: Page;
  locale: Locale;
  /** A message in the tour's language, as the screens word it: buttons and texts are found by it. */
  say: Say;
  /**
   * The screen as it is now: checked and attached as `name`. `data` lists the
   * texts that are not messages (names, ids, the service's words); `show` is
   * scrolled into view first.
   */
  stop: (name: string, data?: readonly string[], show?: Locator) => Promise<void>;
}

/** Opens the app in `locale` at 1024×640, its list loaded, ready for the tour's first stop. */
export async function startTour(petstore: PetstoreApp, locale: Locale): Promise<Tour> {
  const { page } = petstore;
  await page.setViewportSize(WINDOW_SIZES[0]);
  await speak(page, locale);
  return {
    page,
    locale,
    say: words(locale),
    stop: async (name, data = [], show) => {
      await show?.scrollIntoViewIfNeeded();
      if (locale === 'pseudo') await expectAllMarked(page, name, data);
      else await expectNothingCutShort(page, `${name} (${locale})`);
      await petstore.snap(`${name}, ${locale} (1024×640)`);
    },
  };
}
