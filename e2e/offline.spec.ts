import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { copyAge } from './support/catalogue-text';
import { configureEnvironment, screens } from './support/screens';

// The shop is opened at 09:14 today: its copy is from then (with its day, should the story run past midnight).
test.use({ appClock: new Date().setHours(9, 14, 0, 0) });
const COPY_FROM_09_14 = copyAge('en', '09:14');

test('offline: the cached list with its age, an animal kept in the outbox, sent exactly once when the service is back', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
  const { page, service } = petstore;
  const ui = screens(page);
  const form = ui.addForm();
  await expect(ui.rows().first()).toBeVisible();

  // Twelve minutes later the shop's service goes down.
  petstore.advanceClock(12 * 60_000);
  await service.stop();
  await page.reload();
  await expect(ui.rows().first()).toBeVisible();
  // The header says, with no hover, that what the clerk sees is the copy from 09:14, twelve minutes old.
  await expect(ui.connection()).toHaveText(new RegExp(`^Service unreachable ${COPY_FROM_09_14}$`));
  await expect(ui.connection().getByText(new RegExp(`^${COPY_FROM_09_14}$`))).toBeVisible();
  await petstore.snap('animals list, offline from the cache');

  await ui.addButton().click();
  await form.name.fill('Olive from the outbox');
  await form.category.fill('4');
  await form.name.press('Enter');
  await expect(page.getByText('Saved, will be sent later: Olive from the outbox')).toBeVisible();
  await expect(ui.connection()).toHaveText(new RegExp(`^1 waiting ${COPY_FROM_09_14}$`));
  const outbox = await ui.openOutbox();
  await expect(outbox.getByRole('listitem').filter({ hasText: 'Olive from the outbox' })).toContainText(
    'Waiting to be sent',
  );
  await petstore.snap('outbox, waiting for the service');
  await page.keyboard.press('Escape');

  // The service comes back (on a new port, if its old one was taken meanwhile).
  const before = service.url;
  const url = await service.start();
  if (url !== before) await configureEnvironment(page, 'Demo (local)', url, service.apiKey);
  await ui.nav('Animals').click();
  await ui.refresh().click();

  await expect(ui.row('Olive from the outbox')).toBeVisible();
  await ui.openOutbox();
  await expect(outbox.getByRole('listitem').filter({ hasText: 'Olive from the outbox' })).toContainText(
    /Sent — id \d+/,
  );
  await page.keyboard.press('Escape');
  await expect(ui.row('Olive from the outbox')).toBeVisible();
  await expect(ui.connection()).toHaveText('Online');
  await petstore.snap('outbox, sent');

  // Once, and still once after more refreshes and a reload.
  await ui.refresh().click();
  await page.reload();
  await expect(ui.rows().first()).toBeVisible();
  const olives = (await service.pets()).filter((pet) => pet.name === 'Olive from the outbox');
  expect(olives).toHaveLength(1);
  expect(olives[0]?.categoryId).toBe('4');
});
