/** A clerk who switches shop and types a name at once searches the shop switched to, and goes on typing there. */
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { screens, withStagingShop } from './support/screens';

test.describe('with the switch slow to reach the core', () => {
  test('a name typed while the counter switches to staging searches staging’s shop, and the box keeps the typing', async ({
    petstore,
  }, testInfo) => {
    // Only the preview's HTTP bridge can be held back on its way; Electron's IPC has no such hook.
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page } = petstore;
    const ui = screens(page);
    const pets = ['Staging Sam', 'Staging Sally', 'Staging Otto'].map((name) => ({
      name,
      categoryId: 1,
      status: 'available' as const,
    }));
    await withStagingShop(page, petstore.dataDir, pets, async () => {
      await expect(ui.band()).toHaveText('DEMO');
      const search = page.getByRole('searchbox', { name: 'Search by id or name' });
      // The switch's request (and so the core's settings event after it) takes 1.5 s on its way.
      await page.route('**/ipc/selectEnvironment', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });

      await ui.environment().selectOption('staging');
      await search.click();
      await page.keyboard.type('Sa');
      await expect(ui.band()).toHaveText('STAGING');
      await page.keyboard.type('lly');

      await expect(search).toHaveValue('Sally');
      await expect(search).toBeFocused();
      await expect(ui.names()).toHaveText(['Staging Sally']);
    });
  });
});
