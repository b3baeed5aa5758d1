import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { dateTag } from './support/catalogue-text';
import { DEMO_CATEGORIES, LOCALES, petData, SETTINGS_DATA, startTour } from './support/tour';

// Every state of the animals list, its details, export, print, the shortcuts and the category names.
test.slow();

for (const locale of LOCALES) {
  test(`the animals list, its details, export, print and shortcuts in ${locale}`, async ({ petstore }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
    const { page, service } = petstore;
    const pets = await service.allPets();
    const shop = petData(pets);
    const { say, nav, showStatus, stop } = await startTour(petstore, locale);
    const rows = page.locator('table.pets tbody tr');
    await expect(rows.first()).toBeVisible();
    const available = pets.filter((pet) => pet.status === 'available').length;
    await expect(page.locator('#list-summary')).toHaveText(
      `${say('list.total', { count: pets.length })} ${say('list.available', { available })}`,
    );
    await stop('animals, the whole shop', shop);

    // Sorted by name, then by status, descending.
    const sortBy = (column: number) => page.locator('table.pets thead button.sort').nth(column).click();
    await sortBy(1);
    await expect(page.locator('table.pets thead th').nth(1)).toHaveAttribute('aria-sort', 'ascending');
    await sortBy(3);
    await sortBy(3);
    await expect(page.locator('table.pets thead th').nth(3)).toHaveAttribute('aria-sort', 'descending');
    await stop('animals, sorted by status', shop);

    // The status filter, and the search over the whole shop.
    await showStatus('sold');
    const sold = pets.filter((pet) => pet.status === 'sold');
    await expect(page.locator('#list-summary')).toHaveText(
      say('list.shownOf', { shown: sold.length, count: pets.length }),
    );
    await stop('animals, sold only', shop);
    await showStatus('all');
    const [first] = pets;
    if (!first) throw new Error('The demo data has no animals');
    await page.locator('#quick-filter').fill(first.name);
    await expect(page.locator('#list-summary')).toHaveText(
      say('list.shownOf', { shown: await rows.count(), count: pets.length }),
    );
    await stop('animals, a search', shop);
    await page.locator('#quick-filter').fill('no such animal');
    await expect(page.locator('.empty')).toHaveText(say('list.noMatch', { filter: 'no such animal', status: 'all' }));
    await stop('animals, a search that finds nothing', [...shop, 'no such animal']);
    await page.locator('#quick-filter').fill('');

    // An animal's details, its id copied (found by its name: sorted by status, it may be far down).
    await page.locator('#quick-filter').fill(first.name);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator(`#open-${first.id}`).click();
    const panel = page.locator('aside[aria-labelledby="pet-detail-title"]');
    await expect(panel).toContainText(say('detail.catalogue', { age: say('age.justNow') }));
    await panel.getByRole('button', { name: say('detail.copy'), exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(say('detail.copied', { id: first.id }));
    await stop('animals, the details', shop);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await page.locator('#quick-filter').fill('');

    // Export and print, from the quiet menu.
    const menu = () => page.getByRole('button', { name: say('list.moreActions'), exact: true }).click();
    await menu();
    await stop('animals, the export and print menu', shop);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: say('list.exportShop'), exact: true }).click();
    const file = (await downloading).suggestedFilename();
    // Said in the app's one stack of messages, as every success is.
    await expect(page.locator('.toasts .toast')).toHaveText(say('list.exported', { count: pets.length, file }));
    const seen = [...shop, file];
    await stop('animals, exported', seen);
    await page.evaluate('window.print = () => {}');
    await menu();
    await page.getByRole('button', { name: say('list.printView'), exact: true }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-header')).toBeVisible();
    // The print header's date and time, written by Intl as the app's other dates are (this minute or the one before).
    const printed = [0, 60_000].map((ago) =>
      new Intl.DateTimeFormat(dateTag(locale), { dateStyle: 'medium', timeStyle: 'short' })
        .format(Date.now() - ago)
        .replace(/\s/g, ' '),
    );
    await stop('animals, printed', [...seen, ...printed]);
    await page.emulateMedia({ media: 'screen' });

    // The shortcuts, from the screen navigation.
    await page.getByRole('button', { name: say('nav.shortcuts') }).click();
    const dialog = page.getByRole('dialog', { name: say('shortcuts.title') });
    await expect(dialog).toContainText(say('keys.control', { key: 'N' }));
    await expect(dialog).toContainText(say('keys.escape'));
    // The letter keys are data; the rest of the screen stays in view behind the dialog.
    await stop('the shortcuts dialog', [...seen, 'N', 'F', 'R', 'L']);
    await dialog.getByRole('button', { name: say('shortcuts.close'), exact: true }).click();
    await expect(dialog).toBeHidden();

    // The export's toast goes by itself (the app's one stack of messages stands over every screen).
    await expect(page.locator('.toasts .toast').filter({ hasText: file })).toHaveCount(0);

    // Category names in Settings: renamed, one added, a wrong one refused; then the rows show them.
    await nav('settings');
    const categories = page.locator('section[aria-labelledby="categories-title"]');
    await categories.locator('#category-2').fill('House cats');
    await categories
      .getByRole('button', { name: say('categories.rename'), exact: true })
      .nth(1)
      .click();
    await expect(
      page.locator('.toast').filter({ hasText: say('categories.saved', { label: 'House cats', id: '2' }) }),
    ).toHaveCount(1);
    await stop('settings, a category renamed', [...SETTINGS_DATA, 'House cats'], categories);
    await categories.locator('#new-category-id').fill('12');
    await categories.getByRole('button', { name: say('categories.add'), exact: true }).click();
    await expect(categories.locator('#new-category-label-message')).toHaveText(say('field.label_missing'));
    // The toast of the rename may still stand: its name is data too.
    await stop('settings, a category without a name', [...SETTINGS_DATA, 'House cats'], categories);
    await categories.locator('#new-category-label').fill('Axolotls');
    await categories.getByRole('button', { name: say('categories.add'), exact: true }).click();
    await expect(categories.locator('#category-12')).toHaveValue('Axolotls');
    await nav('animals');
    const renamed = DEMO_CATEGORIES.map((category) =>
      category.id === '2' ? { ...category, label: 'House cats' } : category,
    );
    await expect(rows.filter({ hasText: 'House cats (2)' }).first()).toBeVisible();
    // The toasts of the rename and the add may still stand: their names are data too.
    await stop('animals, with renamed categories', [...petData(pets, renamed), file, 'House cats', 'Axolotls']);
  });
}
