import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { screens } from './support/screens';

const REMOVAL_MS = Date.parse('2030-12-05T00:00:00Z');

test('the deprecated lookup warns with the removal date and days left, finds an animal and answers 404 and bad ids', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const pepper = (await service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');

  await ui.nav('Look up by id').click();
  const warning = page.getByTestId('deprecation-warning');
  const daysLeft = Math.ceil((REMOVAL_MS - Date.now()) / 86_400_000);
  await expect(warning.getByRole('heading')).toHaveText(
    `Look up by id stops working on 5 December 2030 — ${daysLeft} days left`,
  );
  await expect(warning).toContainText('Use the animal list with a status filter instead.');

  const id = page.getByLabel('Animal id');
  const lookUp = page.getByRole('button', { name: 'Look up', exact: true });
  await lookUp.click();
  await expect(page.getByText('Enter an id, like 42')).toBeVisible();
  await id.fill('12abc');
  await expect(page.getByText('Enter a whole number, like 42')).toBeVisible();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await id.fill('99999999999999999999');
  await expect(page.getByText('Too long for an id: ids have at most 19 digits')).toBeVisible();

  await id.fill('424242');
  await id.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No animal with id 424242 on the service.');
  await expect(page.locator('.pet-card')).toHaveCount(0);
  await petstore.snap('lookup, 404');

  await id.fill(pepper.id);
  await id.press('Enter');
  const card = page.locator('.pet-card');
  await expect(card).toContainText(pepper.name);
  await expect(card.locator('.badge')).toHaveText('pending');
  // The category by the clerk's name for it, as in the list.
  await expect(card).toContainText(new RegExp(`[A-Z][a-z ]+ \\(${pepper.categoryId}\\)`));
  await petstore.snap('lookup, found');

  await warning.getByRole('button', { name: 'Switch to the list with a status filter' }).click();
  await expect(page.getByRole('heading', { name: 'Animals' })).toBeFocused();
  await expect(ui.statusFilter('Pending')).toBeChecked();
  await expect(ui.rows()).not.toHaveCount(0);
  await expect(ui.badges().filter({ hasNotText: /^pending$/ })).toHaveCount(0);
});

test.describe('after 5 December 2030', () => {
  test.use({ appClock: Date.parse('2030-12-06T09:00:00Z') });

  test('the lookup no longer asks the service and searches the saved lists, saying so', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
    const { page, service } = petstore;
    const ui = screens(page);
    await expect(ui.rows().first()).toBeVisible();
    const listed = await service.pets();
    const inList = listed[4];
    const beyondRows = listed[30];
    if (!inList || !beyondRows) throw new Error('The demo data is smaller than expected');
    const notInShop = '999999';

    await ui.nav('Look up by id').click();
    const warning = page.getByTestId('deprecation-warning');
    await expect(warning.getByRole('heading')).toHaveText('Look up by id was removed on 5 December 2030');
    await expect(warning).toContainText('lists saved on this computer');

    const id = page.getByLabel('Animal id');
    await id.fill(inList.id);
    await id.press('Enter');
    await expect(page.locator('.pet-card')).toContainText(inList.name);
    await expect(page.getByTestId('lookup-source')).toHaveText(
      /^Saved copy from .+ — the service no longer answers this lookup/,
    );
    await petstore.snap('lookup after the removal date, from the saved lists');

    // Beyond the rows on screen, the catalogue of the whole shop still has it.
    await id.fill(beyondRows.id);
    await id.press('Enter');
    await expect(page.locator('.pet-card')).toContainText(beyondRows.name);

    await id.fill(notInShop);
    await id.press('Enter');
    await expect(page.getByRole('alert')).toContainText(`No animal with id ${notInShop} is in the lists saved`);
  });
});
