import { expect, type Locator } from '@playwright/test';
import type { EnvironmentId } from '../../src/shared/environments';
import type { Pet } from '../../src/shared/pet';
import type { CategoryLabel } from '../../src/shared/views';
import { defaultCategories } from '../../src/main/core/categories';
import { categoryText } from '../../src/renderer/src/lib/categories';
import type { PetstoreApp } from '../fixtures';
import {
  ANY,
  expectAllMarked,
  expectNothingCutShort,
  LANGUAGE_NAMES,
  matching,
  speak,
  words,
  type Locale,
  type Say,
} from './catalogue-text';
import { WINDOW_SIZES } from './looks';
import { openAdministration } from './screens';

/**
 * Each tour runs in every one of these: in the pseudo-locale each stop checks
 * that every text comes from the catalogue; in German, French and Spanish,
 * that nothing is cut short at 1024×640. Each stop is a screenshot either way.
 */
export const LOCALES = ['pseudo', 'de', 'fr', 'es'] as const satisfies readonly Locale[];

/** The demo's category names as the app seeds them: data the clerk can rename. */
export const DEMO_CATEGORIES: CategoryLabel[] = defaultCategories().labels.demo ?? [];

/** What Settings shows as data: the demo's category ids, and each language's name in itself. */
export const SETTINGS_DATA: readonly string[] = [...DEMO_CATEGORIES.map((category) => category.id), ...LANGUAGE_NAMES];

/** What the screens show of some animals as data: ids, names, and categories as the rows write them. */
export function petData(pets: readonly Pet[], categories: readonly CategoryLabel[] = DEMO_CATEGORIES): string[] {
  return pets.flatMap((pet) => [pet.id, pet.name, pet.categoryId, categoryText(pet.categoryId, categories)]);
}

export interface Tour {
  /** A message in the tour's language, as the screens word it: buttons and texts are found by it. */
  say: Say;
  /** Shows a screen from the navigation. */
  nav: (screen: 'animals' | 'lookup' | 'settings') => Promise<void>;
  /** Points an environment at a service and stores its key, through Settings (left open). */
  configure: (environmentId: EnvironmentId, url: string, key: string) => Promise<void>;
  /** Picks a status chip over the list, as a clerk clicks it. */
  showStatus: (status: 'all' | 'available' | 'pending' | 'sold') => Promise<void>;
  /** Opens the outbox drawer from the sync badge; Esc closes it. */
  openOutbox: () => Promise<Locator>;
  /** Shows one environment's settings (Settings shows one at a time). */
  showSettingsOf: (environmentId: EnvironmentId) => Promise<void>;
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
  const say = words(locale);
  // Settings opens with its "Administration" part open, as the tours walk the addresses and keys.
  const nav = async (screen: 'animals' | 'lookup' | 'settings') => {
    await page
      .getByRole('navigation', { name: say('nav.label') })
      .getByRole('button', { name: say(`nav.${screen}`), exact: true })
      .click();
    if (screen === 'settings') await openAdministration(page);
  };
  const showSettingsOf = async (environmentId: EnvironmentId) => {
    await openAdministration(page);
    await page
      .locator('ul.chooser button')
      .filter({ has: page.getByText(say(`environmentName.${environmentId}`), { exact: true }) })
      .click();
  };
  return {
    say,
    nav,
    showSettingsOf,
    openOutbox: async () => {
      await page.locator('.connection').click();
      const drawer = page.getByRole('dialog', { name: say('outbox.title') });
      await drawer.waitFor();
      return drawer;
    },
    showStatus: (status) =>
      page
        .locator('#list-options label.chip')
        .filter({ has: page.locator(`input[value="${status}"]`) })
        .click(),
    configure: async (environmentId, url, key) => {
      await nav('settings');
      await showSettingsOf(environmentId);
      await page.locator(`#url-${environmentId}`).fill(url);
      await page.getByRole('button', { name: say('environment.saveAddress'), exact: true }).click();
      await expect(page.locator(`#url-${environmentId}-message`)).toHaveText(say('environment.addressSaved'));
      await page.locator(`#key-${environmentId}`).fill(key);
      await page.locator(`#key-${environmentId}`).press('Enter');
      await expect(page.locator(`#key-${environmentId}-message`)).toHaveText(
        matching(say('environment.keyWorks', { ms: ANY })),
      );
    },
    stop: async (name, data = [], show) => {
      await show?.scrollIntoViewIfNeeded();
      if (locale === 'pseudo') await expectAllMarked(page, name, data);
      else await expectNothingCutShort(page, `${name} (${locale})`);
      await petstore.snap(`${name}, ${locale} (1024×640)`);
    },
  };
}
