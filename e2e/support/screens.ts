import { join } from 'node:path';
import { expect, type Dialog, type Locator, type Page } from '@playwright/test';
import { ReferenceService } from './reference-service';

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a person finds things on screen: roles and labels, not CSS. */
export const screens = (page: Page) => ({
  nav: (name: 'Animals' | 'Look up by id' | 'Settings') =>
    page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }),
  table: (): Locator => page.getByRole('table', { name: /^Animals in / }),
  names: (): Locator => page.locator('table.pets tbody td:nth-child(2)'),
  badges: (): Locator => page.locator('table.pets tbody .badge'),
  rows: (): Locator =>
    page
      .getByRole('table', { name: /^Animals in / })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') }),
  row: (name: string): Locator =>
    page
      .getByRole('table', { name: /^Animals in / })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) }),
  summary: (): Locator => page.locator('#list-summary'),
  statusFilter: (name: 'All' | 'Available' | 'Pending' | 'Sold') =>
    page.getByRole('group', { name: 'Status' }).getByRole('radio', { name, exact: true }),
  quickFilter: (): Locator => page.getByLabel('Search by id or name'),
  refresh: (): Locator => page.getByRole('button', { name: 'Refresh', exact: true }),
  /** The list's quiet actions: export and print, for this view or the whole shop. */
  listAction: async (
    name: 'Export this view (CSV)' | 'Export the whole shop (CSV)' | 'Print this view' | 'Print the whole shop',
  ) => {
    await page.getByRole('button', { name: 'Export and print', exact: true }).click();
    await page.getByRole('button', { name, exact: true }).click();
  },
  /** The row of an animal not sent yet, by its name. */
  notSentRow: (name: string): Locator =>
    page
      .getByRole('table', { name: /^Animals in / })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name, exact: true }) })
      .filter({ hasText: 'not sent yet' }),
  addButton: (): Locator => page.getByRole('button', { name: 'Add an animal', exact: true }),
  /** Adds an animal as a clerk does: the add form, its name and category, Enter. */
  addAnimal: async (name: string, category: string): Promise<void> => {
    await page.getByRole('button', { name: 'Add an animal', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Category', { exact: true }).fill(category);
    await page.getByLabel('Name', { exact: true }).press('Enter');
  },
  addForm: () => ({
    name: page.getByLabel('Name', { exact: true }),
    category: page.getByLabel('Category', { exact: true }),
    status: page.getByLabel('Status', { exact: true }),
    submit: page.getByRole('button', { name: 'Add animal', exact: true }),
  }),
  /** Opens the add form from the toolbar's "Add an animal": its fields. */
  async openAddForm() {
    await this.addButton().click();
    return this.addForm();
  },
  /** The outbox drawer; `openOutbox` opens it from the sync badge. */
  outbox: (): Locator => page.getByRole('dialog', { name: 'Waiting to be sent' }),
  openOutbox: async (): Promise<Locator> => {
    await page.locator('.connection').click();
    const drawer = page.getByRole('dialog', { name: 'Waiting to be sent' });
    await drawer.waitFor();
    return drawer;
  },
  /** The app bar's sync badge: a few words; the whole state is its title. */
  connection: (): Locator => page.locator('.connection'),
  environment: (): Locator => page.getByLabel('Environment', { exact: true }),
  band: (): Locator => page.getByTestId('environment-band'),
  /** Switches while an add is on its way: the app may ask first (it counts as not sent yet), and the clerk says yes. */
  switchDuringAdd: async (environmentId: 'demo' | 'staging'): Promise<void> => {
    const yes = (dialog: Dialog) => void dialog.accept();
    page.once('dialog', yes);
    await page.getByLabel('Environment', { exact: true }).selectOption(environmentId);
    page.off('dialog', yes);
  },
  keyField: (environmentLabel: string): Locator =>
    page.getByLabel(new RegExp(`^(API key|Replace the API key) for ${escapeRegExp(environmentLabel)}$`)),
  addressField: (environmentLabel: string): Locator => page.getByLabel(`Service address for ${environmentLabel}`),
  /** Settings shows one environment at a time, under "Administration" (collapsed until opened): this picks which. */
  showSettingsOf: async (environmentLabel: string): Promise<void> => {
    await openAdministration(page);
    await page
      .getByRole('list', { name: 'Environments' })
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(environmentLabel)}`) })
      .click();
  },
  settingsFor: (environmentLabel: string): Locator =>
    page.getByRole('group', { name: new RegExp(`^${escapeRegExp(environmentLabel)}`) }),
  /** Goes to Settings and shows one environment there: its part of the screen. */
  async openSettingsOf(environmentLabel: string): Promise<Locator> {
    await this.nav('Settings').click();
    await this.showSettingsOf(environmentLabel);
    return this.settingsFor(environmentLabel);
  },
});

/** The app as the clerk finds it on opening: the Animals list, its first row on screen. */
export async function onTheList(page: Page) {
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  return ui;
}

/** The service goes away and the clerk adds an animal all the same: it stays on the list, not sent yet. */
export async function addWithServiceAway(
  page: Page,
  service: { stop(): Promise<void> },
  name: string,
  category: string,
) {
  const ui = await onTheList(page);
  await service.stop();
  await ui.addAnimal(name, category);
  await expect(ui.notSentRow(name)).toBeVisible();
  return ui;
}

/** Opens Settings' "Administration" part (addresses, keys) when it is collapsed. */
export async function openAdministration(page: Page): Promise<void> {
  const details = page.locator('details:has(> summary h3)');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
}

/** Points an environment at a service and stores its key, through the Settings screen. */
export async function configureEnvironment(page: Page, label: string, url: string, key: string): Promise<void> {
  const ui = screens(page);
  const section = await ui.openSettingsOf(label);
  await ui.addressField(label).fill(url);
  await section.getByRole('button', { name: 'Save address' }).click();
  await section.getByText('Address saved.').waitFor();
  await ui.keyField(label).fill(key);
  await section.getByRole('button', { name: 'Test and save' }).click();
  await section.getByText(/^The key works \(answered in \d+ ms\) and is saved\.$/).waitFor();
}

/**
 * A second shop, Staging's, in the test's data folder with `pets`, set up through Settings, the clerk back on the
 * (demo's) list: `story` runs with it, and it is stopped after, whatever the story asserted.
 */
export async function withStagingShop(
  page: Page,
  dataDir: string,
  pets: Parameters<ReferenceService['add']>[0][],
  story: (staging: ReferenceService) => Promise<void>,
): Promise<void> {
  const staging = new ReferenceService(join(dataDir, 'staging.db'), 'none');
  await staging.start();
  try {
    for (const pet of pets) await staging.add(pet);
    const ui = await onTheList(page);
    await configureEnvironment(page, 'Staging', staging.url, staging.apiKey);
    await ui.nav('Animals').click();
    await story(staging);
  } finally {
    await staging.stop();
  }
}
