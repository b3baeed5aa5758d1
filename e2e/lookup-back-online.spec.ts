import type { Page } from '@playwright/test';
import { expect, test, type PetstoreApp } from './fixtures';
import { screens, withStagingShop } from './support/screens';

// A clerk looks an animal up by id while the service is down: the app answers from the catalogue on this computer and
// says the service could not be reached, and when. The service comes back and the header says Online; the clerk,
// still on the lookup, never reads "the service cannot be reached" under it: the app asks the service again.

test('a lookup answered offline says in the past that the service could not be reached, and is the service’s answer once the header says Online', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });

  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id', { exact: true });
  await id.fill('3');
  await id.press('Enter');
  const source = page.getByTestId('lookup-source');
  // Said in the past, and when: it stays true once the service is back.
  await expect(source).toContainText(/the service could not be reached at \d{2}:\d{2},/);
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  // Asked again: the service's own answer, with no line saying it is a copy.
  await expect(source, 'the lookup agrees with the header').toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();
});

/** Animal 41 added by another counter after this computer's last sync, the service down, and the clerk looking 41 up:
 * the app cannot tell. */
async function missWhileDown({ page, service }: PetstoreApp): Promise<void> {
  const ui = screens(page);
  await service.fillTo(41);
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id', { exact: true });
  await id.fill('41');
  await id.press('Enter');
  await expect(page.getByText(/^The service cannot be reached, and no animal with id 41/)).toBeVisible();
}

/** Once the header says Online, the lookup shows the shop's animal 41, and nothing says the service cannot be reached. */
async function foundOnceOnline(page: Page): Promise<void> {
  await expect(screens(page).connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await expect(page.getByRole('main').getByText('Shop animal 41', { exact: true }).last()).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText(/cannot be reached/)).toHaveCount(0);
}

// The service comes back: the app asks again by itself, so the screen never keeps saying "cannot be reached" under a
// header that says Online, and the clerk gets the answer without pressing Search again.
test('a lookup the service could not answer is asked again once the header says Online, and finds the animal', async ({
  petstore,
}) => {
  await expect(screens(petstore.page).rows().first()).toBeVisible();
  await missWhileDown(petstore);
  await petstore.service.start();
  await foundOnceOnline(petstore.page);
});

// The clerk switches to staging for a moment (staging is Online) while the demo service comes back. Back in the demo
// shop, the lookup shows the demo shop's animal 41 — never staging's word on id 41 as if it were the demo shop's.
test('a lookup the service could not answer is asked again when the clerk comes back to an environment that is Online', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await withStagingShop(
    page,
    petstore.dataDir,
    [{ name: 'Staging Sam', categoryId: 1, status: 'available' }],
    async () => {
      await missWhileDown(petstore);
      await ui.environment().selectOption('staging');
      await expect(ui.band()).toHaveText('STAGING');
      await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
      await service.start();

      await ui.environment().selectOption('demo');
      await expect(ui.band()).toHaveText('DEMO');
      await foundOnceOnline(page);
      await expect(page.getByText('No animal with id 41 on the service.')).toHaveCount(0);
    },
  );
});
