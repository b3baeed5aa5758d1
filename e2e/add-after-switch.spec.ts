/**
 * An add answered after the clerk switched environment: the animal goes to its own environment's list, never to the
 * list open when the answer comes.
 */
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { screens, withStagingShop } from './support/screens';

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 2_000 } });

  test('an animal added to the demo shop, answered after the clerk switched to staging, is not shown as one of staging’s', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page, service } = petstore;
    const ui = screens(page);
    const sam = { name: 'Staging Sam', categoryId: 1, status: 'available' as const };
    await withStagingShop(page, petstore.dataDir, [sam], async (staging) => {
      await expect(ui.band()).toHaveText('DEMO');

      // The clerk adds Quokka to the demo shop and, while it is on its way, switches to staging.
      const form = await ui.openAddForm();
      await form.category.fill('1');
      await form.name.fill('Demo Quokka');
      await form.name.press('Enter');
      await expect(page.getByRole('button', { name: 'Adding…', exact: true })).toBeVisible();
      await ui.switchDuringAdd('staging');
      await expect(ui.band()).toHaveText('STAGING');
      await expect(ui.names()).toHaveText(['Staging Sam']);

      // The demo shop holds Quokka; staging never did.
      await expect.poll(async () => (await service.pets()).map((pet) => pet.name)).toContain('Demo Quokka');
      expect((await staging.pets()).map((pet) => pet.name)).not.toContain('Demo Quokka');
      // Once the add's answer is in, staging's list is still staging's shop alone.
      await expect(page.getByText(/^Added Demo Quokka \(id \d+\) to /)).toBeVisible();
      await petstore.snap('staging after the demo add was answered');
      await expect(ui.names()).toHaveText(['Staging Sam']);
      // Back in the demo shop, Quokka is there.
      await ui.environment().selectOption('demo');
      await expect(ui.band()).toHaveText('DEMO');
      await expect(ui.names()).not.toHaveText(['Staging Sam']);
      await page.getByRole('searchbox', { name: 'Search by id or name' }).fill('Quokka');
      await expect(ui.names()).toHaveText(['Demo Quokka']);
    });
  });
});
