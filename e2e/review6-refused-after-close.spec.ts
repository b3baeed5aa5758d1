/**
 * Review6: an add the service refuses is taken out of the outbox because "the add panel shows why" — but the clerk
 * may have closed the panel while the add was on its way. Then the refusal is said nowhere, the animal is in no list
 * and in no outbox, and what the clerk typed is gone.
 */
import { join } from 'node:path';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { ReferenceService } from './support/reference-service';
import { configureEnvironment, screens } from './support/screens';
import { startStricterService } from './support/stricter-service';

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 1_500 } });

  test('review6: an add refused by the service after the clerk closed the add panel is not lost without a word', async ({
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
      // Somewhere the clerk can see it: the service's refusal, or the animal waiting for the clerk.
      const refusal = page.getByText('Names must not mention holidays here');
      const waiting = ui.row('Holiday Hamster');
      await petstore.snap('after the refused add came back');
      await expect(refusal.or(waiting).first()).toBeVisible();
    } finally {
      await stricter.close();
      await staging.stop();
    }
  });
});
