/**
 * An add the service refuses is taken out of the outbox because the add panel says why; when the clerk closed the
 * panel (or went to another environment) while it was on its way, a toast says it instead, and the panel opened again
 * holds what the clerk typed.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { forward, passBack, startRelay, type Relay } from '../src/main/core/test-support/relay';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { ReferenceService } from './support/reference-service';
import { configureEnvironment, screens } from './support/screens';
import { startStricterService } from './support/stricter-service';

/**
 * Staging, behind the gateway `inFront` starts, holding Sam, in use, and `name` added there: returns once the add is
 * on its way, with its answer to come. `done` stops staging and its gateway.
 */
async function addingInStaging(
  page: Page,
  dataDir: string,
  inFront: (staging: string) => Promise<Relay>,
  name: string,
) {
  const ui = screens(page);
  const staging = new ReferenceService(join(dataDir, 'staging.db'), 'none');
  await staging.start();
  const gateway = await inFront(staging.url);
  const done = async () => {
    await gateway.close();
    await staging.stop();
  };
  await staging.add({ name: 'Staging Sam', categoryId: 1, status: 'available' });
  await expect(ui.rows().first()).toBeVisible();
  await configureEnvironment(page, 'Staging', gateway.url, staging.apiKey);
  await ui.nav('Animals').click();
  await ui.environment().selectOption('staging');
  await expect(ui.names()).toHaveText(['Staging Sam']);
  const form = await ui.openAddForm();
  await form.category.fill('1');
  await form.name.fill(name);
  const answered = page.waitForResponse((response) => response.url().endsWith('/ipc/createPet'));
  await form.name.press('Enter');
  await expect(page.getByRole('button', { name: 'Adding…', exact: true })).toBeVisible();
  return { staging, gateway, answered, done };
}

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 1_500 } });

  test('an add refused by the service after the clerk closed the add panel is said in a toast, and its draft comes back', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page } = petstore;
    const ui = screens(page);
    // Staging's deployment refuses names that mention holidays, in its own words (400).
    const { staging, gateway, answered, done } = await addingInStaging(
      page,
      petstore.dataDir,
      startStricterService,
      'Holiday Hamster',
    );
    try {
      // The clerk closes the panel while the add is on its way.
      await page.getByRole('button', { name: 'Close the add form' }).click();
      await answered;

      // It reached the service, which refused it; it is not there.
      expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      expect((await staging.pets()).map((pet) => pet.name)).not.toContain('Holiday Hamster');
      // The toast names the animal, the environment and the service's own words.
      const toast = page.locator('.toast', { hasText: 'Holiday Hamster was not added to Staging.' });
      await expect(toast).toContainText('Names must not mention holidays here');
      await petstore.snap('after the refused add came back');
      // What the clerk typed waits in the add form.
      const form = await ui.openAddForm();
      await expect(form.name).toHaveValue('Holiday Hamster');
      await expect(form.category).toHaveValue('1');
    } finally {
      await done();
    }
  });

  test('a key refused for a staging add, answered after the clerk went back to the demo shop, is not said of the demo’s key', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page } = petstore;
    const ui = screens(page);
    // Staging's gateway takes the key for reading but refuses it for adds (401).
    const keyMayNotAdd = (staging: string) =>
      startRelay(async (request, response) => {
        if (request.method !== 'POST') {
          passBack(response, await forward(staging, request));
          return;
        }
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"code":"unauthorized","message":"This key may not add","status":401}');
      });
    const { answered, done } = await addingInStaging(page, petstore.dataDir, keyMayNotAdd, 'Refused Rabbit');
    try {
      await ui.switchDuringAdd('demo');
      await expect(ui.band()).toHaveText('DEMO');
      await answered;

      // The toast says staging refused it; the demo shop, whose key works, still shows its animals.
      await expect(page.locator('.toast', { hasText: 'Refused Rabbit was not added to Staging.' })).toBeVisible();
      // Nowhere but in that toast (which stays until closed): no banner or bar says the demo's key was refused.
      await expect(page.locator('header, main').getByText(/The service refused the API key for/)).toHaveCount(0);
      await expect(ui.rows().first()).toBeVisible();
    } finally {
      await done();
    }
  });
});
