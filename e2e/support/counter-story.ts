import { expect, type Page } from '@playwright/test';
import type { Pet } from '../../src/shared/pet';
import { clock } from './catalogue-text';
import { screens } from './screens';

/** The header's promise: it tells the service going away or coming back within 10 s, with no click. */
export const HEADER_NOTICES_WITHIN_MS = 10_000;

const STATUS_WORDS = { available: 'Available', pending: 'Pending', sold: 'Sold' } as const;

/** The newest animal of the shop: the last row of the service's last page. */
export function newestOf(pets: readonly Pet[]): Pet & { status: keyof typeof STATUS_WORDS } {
  const newest = pets.at(-1);
  if (!newest?.status) throw new Error('The shop has animals, each with a status');
  return { ...newest, status: newest.status };
}

/** The list's summary of the whole shop: "260 animals · 87 available". */
export function totalsOf(pets: readonly Pet[]): string {
  const available = pets.filter((pet) => pet.status === 'available').length;
  return `${String(pets.length)} animals · ${String(available)} available`;
}

/**
 * The sync badge reads `words` (offline, a pattern with the copy's age) no later than 10 s after `since` (when the
 * service stopped or started), with nobody touching the screen: only the app's own check can have told it.
 */
export async function expectBadgeWithin10s(page: Page, words: string | RegExp, since: number): Promise<void> {
  const left = HEADER_NOTICES_WITHIN_MS - (Date.now() - since);
  const said = `the badge says ${String(words)} within 10 s, with no click`;
  await expect(screens(page).connection(), said).toHaveText(words, { timeout: Math.max(left, 1) });
}

/** The clerk searches the whole shop for `pet` by part of its name, then by its id: one row each time. */
export async function expectFoundByNameAndId(page: Page, pet: Pet, total: number): Promise<void> {
  const ui = screens(page);
  await ui.nav('Animals').click();
  await ui.quickFilter().fill(pet.name.toUpperCase().slice(2));
  await expect(ui.row(pet.name)).toBeVisible();
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.summary()).toHaveText(`1 of ${String(total)}`);
  await ui.quickFilter().fill(pet.id);
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.rows().first().getByRole('cell').first()).toHaveText(pet.id);
  await ui.quickFilter().fill('');
}

/**
 * With the service gone, the list's search and the lookup by id tell the same of `pet` (name and status),
 * and the lookup says it answers from the copy on this computer.
 */
export async function expectListAndLookupAgreeOffline(
  page: Page,
  pet: Pet & { status: keyof typeof STATUS_WORDS },
): Promise<void> {
  const ui = screens(page);
  await ui.nav('Animals').click();
  await ui.quickFilter().fill(pet.id);
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.row(pet.name).locator('.badge')).toHaveText(STATUS_WORDS[pet.status]);
  await ui.quickFilter().fill('');

  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id');
  await id.fill(pet.id);
  await id.press('Enter');
  const card = page.locator('.pet-card');
  await expect(card).toContainText(pet.name);
  await expect(card.locator('.badge')).toHaveText(STATUS_WORDS[pet.status]);
  await expect(page.getByTestId('lookup-source')).toHaveText(
    new RegExp(
      `^Copy from ${clock()} — the service could not be reached at ${clock()}, so this comes from the shop’s catalogue on this computer\\.`,
    ),
  );
  await ui.nav('Animals').click();
}

/** The clerk adds an animal through the form and closes it. */
export async function addAnimal(page: Page, name: string, categoryId: string): Promise<void> {
  const ui = screens(page);
  await ui.addButton().click();
  const form = ui.addForm();
  await form.name.fill(name);
  await form.category.fill(categoryId);
  await form.submit.click();
  await page.keyboard.press('Escape');
}

/** The row of an animal added while the service was gone becomes the service's row, with its id, once. */
export async function expectSentOnce(page: Page, name: string, service: { allPets(): Promise<Pet[]> }) {
  const ui = screens(page);
  const named = ui.rows().filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(named.getByRole('cell').first()).toHaveText(/^\d+$/, { timeout: 20_000 });
  await expect(named).toHaveCount(1);
  await expect(named).not.toContainText('not sent yet');
  const created = (await service.allPets()).filter((pet) => pet.name === name);
  expect(created, 'created exactly once on the service').toHaveLength(1);
  await expect(named.getByRole('cell').first()).toHaveText(created[0]?.id ?? '');
}
