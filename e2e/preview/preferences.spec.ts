import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { words } from '../support/catalogue-text';
import { previewProcessStory, spawnPreview } from './process';

// The preview as a developer runs it, stopped and started again on the same --data-dir: its port changes, and with
// it the page's origin and storage, so only what the core keeps with the data folder can come back.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-preferences-');
const say = words('de');

const headings = (page: Page) => page.locator('table.pets thead th');
/** The status column hidden; a heading may carry the sort arrow after its word. */
const withoutStatus = [say('table.id'), say('table.name'), say('table.category')].map((word) => new RegExp(`^${word}`));
const firstNames = (page: Page) => page.locator('table.pets tbody td:nth-child(2)').allTextContents();
const nav = (page: Page, id: 'nav.animals' | 'nav.settings') =>
  page.getByRole('navigation').getByRole('button', { name: say(id), exact: true });

test('language, sort, hidden columns and the scanner choice come back after a restart on another port', async ({
  page,
}) => {
  const dataDir = join(tmp(), 'data');
  const first = await spawnPreview(['--data-dir', dataDir, '--port', '0'], tmp());
  await page.goto(first.url);
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();

  await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
  await page.locator('#language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel(say('scanner.enabled')).uncheck();
  await page.getByLabel(say('columns.status')).uncheck();
  await nav(page, 'nav.animals').click();
  await expect(headings(page)).toHaveText(withoutStatus);
  const byName = headings(page).nth(1);
  await byName.getByRole('button').click();
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'descending');
  const sorted = await firstNames(page);
  expect(sorted.length).toBeGreaterThan(3);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await first.stop('SIGTERM')).toBe(0);

  const second = await spawnPreview(['--data-dir', dataDir, '--port', '0'], tmp());
  expect(second.origin).not.toBe(first.origin);
  await page.goto(second.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(headings(page)).toHaveText(withoutStatus);
  await expect(headings(page).nth(1)).toHaveAttribute('aria-sort', 'descending');
  expect(await firstNames(page)).toEqual(sorted);
  await nav(page, 'nav.settings').click();
  await expect(page.getByLabel(say('scanner.enabled'))).not.toBeChecked();
  await expect(page.getByLabel(say('columns.category'))).toBeChecked();
  await expect(page.getByLabel(say('columns.status'))).not.toBeChecked();
  expect(await second.stop('SIGTERM')).toBe(0);
});
