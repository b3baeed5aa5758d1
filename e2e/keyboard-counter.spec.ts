import { readFileSync } from 'node:fs';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { tabTo } from './support/keyboard';
import { screens } from './support/screens';

test('search, sort, the detail panel and export, from the keyboard alone', async ({ petstore }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  const { page } = petstore;
  const ui = screens(page);
  const keys = page.keyboard;
  const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
  await expect(ui.rows().first()).toBeVisible();

  // Ctrl+F: the one search box; "zoe" finds Zoë.
  await keys.press(`${mod}+f`);
  await expect(ui.quickFilter()).toBeFocused();
  await keys.type('zoe');
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.row('Zoë')).toBeVisible();
  await keys.press(`${mod}+a`);
  await keys.press('Backspace');
  await expect(ui.rows().first()).toBeVisible();

  // Tab to the Name column, Enter sorts it; Enter again turns it round.
  await tabTo(page, 'Name');
  const nameHeader = page.getByRole('columnheader', { name: /^Name/ });
  await keys.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await keys.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const firstName = (await ui.names().first().textContent())?.trim() ?? '';

  // Tab on to the first row's name, Enter opens it; Esc closes it and focus comes back.
  await tabTo(page, firstName);
  await keys.press('Enter');
  const panel = page.getByRole('complementary', { name: firstName });
  await expect(panel).toBeVisible();
  await keys.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: firstName, exact: true })).toBeFocused();

  // Shift+Tab back to the export menu, Enter opens it, Tab to "Export this view": the sorted view is what is saved.
  const menu = page.getByRole('button', { name: 'Export and print', exact: true });
  for (let step = 0; step < 12; step += 1) {
    const focused = await page.evaluate<string | null>("document.activeElement?.getAttribute('aria-controls') ?? null");
    if (focused === 'list-actions') break;
    await keys.press('Shift+Tab');
  }
  await expect(menu).toBeFocused();
  await keys.press('Enter');
  await keys.press('Tab');
  await expect(page.getByRole('button', { name: 'Export this view (CSV)' })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await keys.press('Enter');
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  expect(csv.split('\r\n')[1]).toContain(firstName);
});
