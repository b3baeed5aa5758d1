import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { onTheList, screens } from './support/screens';

const REMOVAL_MS = Date.parse('2030-12-05T00:00:00Z');

test('the deprecated lookup warns plainly with the removal date, finds an animal and answers 404 and bad ids', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const pepper = (await service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');

  await ui.nav('Look up by id').click();
  const warning = page.getByTestId('deprecation-warning');
  // Years ahead, a count of days is a developer's countdown, not a warning: the date and what replaces it.
  await expect(warning.locator('strong')).toHaveText('Look up by id stops working on 5 December 2030');
  await expect(warning).toContainText(
    'The service is retiring this lookup: use the list’s search instead. Use the list',
  );
  await expect(warning).not.toContainText('days left');

  const id = page.getByLabel('Animal id');
  const lookUp = page.getByRole('button', { name: 'Look up', exact: true });
  // The one primary action of the screen.
  await expect(page.locator('button.primary:visible')).toHaveText(['Look up']);
  await lookUp.click();
  await expect(page.getByText('Enter an id, like 42')).toBeVisible();
  await id.fill('12abc');
  await expect(page.getByText('Enter a whole number, like 42')).toBeVisible();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await id.fill('99999999999999999999');
  await expect(page.getByText('Too large for an id: ids go up to 9223372036854775807')).toBeVisible();
  // 19 digits, but past the largest id: not said to be too many digits.
  await id.fill('9223372036854775808');
  await expect(page.getByText('Too large for an id: ids go up to 9223372036854775807')).toBeVisible();

  await id.fill('424242');
  await id.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No animal with id 424242 on the service.');
  await expect(page.locator('.pet-card')).toHaveCount(0);
  await petstore.snap('lookup, 404');

  await id.fill(pepper.id);
  await id.press('Enter');
  const card = page.locator('.pet-card');
  await expect(card).toContainText(pepper.name);
  await expect(card.locator('.badge')).toHaveText('Pending');
  // The category by the clerk's name for it, as in the list.
  await expect(card).toContainText(new RegExp(`[A-Z][a-z ]+ \\(${pepper.categoryId}\\)`));
  await petstore.snap('lookup, found');

  await warning.getByRole('link', { name: 'Use the list' }).click();
  await expect(ui.quickFilter()).toBeFocused();
  await expect(ui.rows()).not.toHaveCount(0);
});

test.describe('in the last 90 days before 5 December 2030', () => {
  test.use({ appClock: REMOVAL_MS - 30 * 86_400_000 + 3_600_000 });

  test('the notice counts the days left', async ({ petstore }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
    const { page } = petstore;
    await screens(page).nav('Look up by id').click();
    await expect(page.getByTestId('deprecation-warning').locator('strong')).toHaveText(
      'Look up by id stops working on 5 December 2030 — 30 days left',
    );
  });
});

test.describe('after 5 December 2030', () => {
  test.use({ appClock: Date.parse('2030-12-06T09:00:00Z') });

  test('the lookup no longer asks the service and answers from the catalogue on this computer, saying so', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
    const { page, service } = petstore;
    const ui = await onTheList(page);
    const listed = await service.pets();
    const inList = listed[4];
    const beyondRows = listed[30];
    if (!inList || !beyondRows) throw new Error('The demo data is smaller than expected');
    const notInShop = '999999';

    await ui.nav('Look up by id').click();
    const warning = page.getByTestId('deprecation-warning');
    await expect(warning.locator('strong')).toHaveText('Look up by id was removed on 5 December 2030');
    await expect(warning).toContainText('the shop’s catalogue on this computer');

    const id = page.getByLabel('Animal id');
    await id.fill(inList.id);
    await id.press('Enter');
    await expect(page.locator('.pet-card')).toContainText(inList.name);
    await expect(page.getByTestId('lookup-source')).toHaveText(
      /^Copy from .+ — the service no longer answers this lookup/,
    );
    await petstore.snap('lookup after the removal date, from the catalogue on this computer');

    // Beyond the rows on screen, the catalogue of the whole shop still has it.
    await id.fill(beyondRows.id);
    await id.press('Enter');
    await expect(page.locator('.pet-card')).toContainText(beyondRows.name);

    await id.fill(notInShop);
    await id.press('Enter');
    await expect(page.getByRole('alert')).toContainText(
      `No animal with id ${notInShop} is in the shop’s catalogue on this computer`,
    );
  });
});

test('an answer stays with the environment it was asked in: a switch clears it, either way', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const pepper = (await service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');
  const id = page.getByLabel('Animal id');

  await ui.nav('Look up by id').click();
  await id.fill(pepper.id);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText('Pepper');

  // Staging has no key: the demo's Pepper is not shown as if it were staging's.
  await ui.environment().selectOption('staging');
  await expect(page.locator('.pet-card')).toHaveCount(0);
  await id.press('Enter');
  const noKey = page.getByText('There is no API key for this environment yet. Enter one in Settings.');
  await expect(noKey).toBeVisible();

  // Back on the demo, which has its key: staging's "no key" is not said of it.
  await ui.environment().selectOption('demo');
  await expect(ui.connection()).toHaveText('Online');
  await expect(noKey).toHaveCount(0);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText('Pepper');
});
