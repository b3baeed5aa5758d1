/**
 * An add the service refuses is taken out of the outbox because the add panel says why; when the clerk closed the
 * panel while it was on its way, a toast says it instead, and the panel opened again holds what the clerk typed.
 */
import { join } from 'node:path';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { ReferenceService } from './support/reference-service';
import { configureEnvironment, screens } from './support/screens';
import { startStricterService } from './support/stricter-service';

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 1_500 } });

  test('an add refused by the service after the clerk closed the add panel is said in a toast, and its draft comes back', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page } = petstore;
    const ui = screens(page);
    const staging = new ReferenceService(join(petstore.dataDir, 'staging.db'), 'none');
    await staging.start();
    // Staging's deployment refuses names that mention holidays, in its own words (400).
    const stricter = await startStricterService(staging.url);
    try {
      await staging.add({ name: 'Staging Sam', categoryId: 1, status: 'available' });
      await expect(ui.rows().first()).toBeVisible();
      await configureEnvironment(page, 'Staging', stricter.url, staging.apiKey);
      await ui.nav('Animals').click();
      await ui.environment().selectOption('staging');
      await expect(ui.names()).toHaveText(['Staging Sam']);

      // The clerk adds the holiday hamster and closes the panel while it is on its way.
      await ui.addButton().click();
      const form = ui.addForm();
      await form.category.fill('1');
      await form.name.fill('Holiday Hamster');
      const answered = page.waitForResponse((response) => response.url().endsWith('/ipc/createPet'));
      await form.name.press('Enter');
      await expect(page.getByRole('button', { name: 'Adding…', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Close the add form' }).click();
      await answered;

      // It reached the service, which refused it; it is not there.
      expect(stricter.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      expect((await staging.pets()).map((pet) => pet.name)).not.toContain('Holiday Hamster');
      // The toast names the animal, the environment and the service's own words.
      const toast = page.locator('.toast', { hasText: 'Holiday Hamster was not added to Staging.' });
      await expect(toast).toContainText('Names must not mention holidays here');
      await petstore.snap('after the refused add came back');
      // What the clerk typed waits in the add form.
      await ui.addButton().click();
      await expect(form.name).toHaveValue('Holiday Hamster');
      await expect(form.category).toHaveValue('1');
    } finally {
      await stricter.close();
      await staging.stop();
    }
  });
});
