import { expect, test } from './fixtures';
import { screens, withStagingShop } from './support/screens';

// A clerk looks up animal 41 in the demo shop while its service is down: the app cannot tell. The clerk switches to
// staging for a moment (staging is Online); meanwhile the demo service comes back. Back in the demo shop, under Online,
// the lookup shows the demo shop's animal 41 — never staging's word on id 41 as if it were the demo shop's.
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
      await service.fillTo(41);
      await service.stop();
      await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });

      await ui.nav('Look up by id').click();
      const id = page.getByLabel('Animal id', { exact: true });
      await id.fill('41');
      await id.press('Enter');
      await expect(page.getByText(/^The service cannot be reached, and no animal with id 41/)).toBeVisible();

      await ui.environment().selectOption('staging');
      await expect(ui.band()).toHaveText('STAGING');
      await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
      await service.start();

      await ui.environment().selectOption('demo');
      await expect(ui.band()).toHaveText('DEMO');
      await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
      await expect(page.getByRole('main').getByText('Shop animal 41', { exact: true }).last()).toBeVisible({
        timeout: 10_000,
      });
      await expect(page.getByText(/cannot be reached/)).toHaveCount(0);
      await expect(page.getByText('No animal with id 41 on the service.')).toHaveCount(0);
    },
  );
});
