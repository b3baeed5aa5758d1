import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { startStricterService } from './support/stricter-service';
import { LOCALES, petData, startTour } from './support/tour';

// The service's own refusal on the add form, an add in doubt ("needs your check"), and one refused from the outbox.
test.slow();

/** The stricter service's own words: data, not the app's. */
const SERVICE_REFUSAL = 'Names must not mention holidays here';

for (const locale of LOCALES) {
  test(`refusals and adds in doubt, on the add form and in the outbox, in ${locale}`, async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
    const { page, service } = petstore;
    const { say, nav, configure, stop, openOutbox } = await startTour(petstore, locale);
    const rows = page.locator('table.pets tbody tr');
    await expect(rows.first()).toBeVisible();
    const stricter = await startStricterService(service.url);
    try {
      await configure('demo', stricter.url, service.apiKey);
      await nav('animals');
      await page.locator('#add-animal').click();
      const form = page.locator('section[aria-labelledby="add-title"]');
      const add = async (name: string, category: string) => {
        await form.locator('#pet-name').fill(name);
        await form.locator('#pet-category').fill(category);
        await form.locator('#pet-name').press('Enter');
      };

      // The service refuses a name in its own words.
      await add('Holiday Rex', '3');
      await expect(form.getByRole('alert')).toContainText(SERVICE_REFUSAL);
      await stop('add form, refused by the service', [...petData(await service.pets()), SERVICE_REFUSAL]);

      // The add reached the service but its answer was lost: the clerk checks.
      stricter.failNextAdd();
      await add('Raced', '2');
      await expect(form.locator('.error-line')).toHaveText(say('add.needsCheck', { name: 'Raced' }));
      // The badge counts it apart: it waits for the clerk, never to be sent by itself.
      await expect(page.locator('.connection')).toHaveText(say('sync.toCheck', { count: 1 }));
      const outbox = await openOutbox();
      const inDoubt = outbox.locator('li[data-check="needs_check"]');
      await expect(inDoubt).toContainText(say('outbox.needsCheck'));
      const raced = (await service.pets()).find((pet) => pet.name === 'Raced');
      if (!raced) throw new Error('Raced was not created upstream');
      await expect(inDoubt).toContainText(say('outbox.onService', { ids: say('outbox.serviceId', { id: raced.id }) }));
      // Why it waits: the last try's answer, in the service's own words only: the error's advice, "try again later",
      // is the one thing that would make a second Raced.
      await expect(inDoubt).toContainText('Something broke');
      await expect(inDoubt).not.toContainText(say('error.service_failed', { status: 500 }));
      const shop = petData(await service.pets());
      await stop('outbox, an add that needs your check', [...shop, 'Something broke'], outbox);
      await inDoubt.getByRole('button', { name: say('outbox.confirmLabel', { name: 'Raced' }) }).click();
      const sent = outbox.getByRole('list', { name: say('outbox.sent'), exact: true });
      await expect(sent.locator('li', { hasText: 'Raced' })).toContainText(say('outbox.sentId', { id: raced.id }));
      await stop('outbox, an add the clerk confirmed', shop, outbox);

      // Kept while the service was down, then refused by it for good.
      await page.keyboard.press('Escape');
      await stricter.setDown(true);
      await add('Holiday Hal', '3');
      await openOutbox();
      await expect(outbox.locator('li[data-state="queued"]')).toContainText('Holiday Hal');
      await stricter.setDown(false);
      const refused = outbox.locator('li[data-check="rejected"]');
      // The outbox tries again at least every 10 s.
      await expect(refused).toContainText('Holiday Hal', { timeout: 15_000 });
      await expect(refused.locator('.state')).toContainText(SERVICE_REFUSAL);
      await stop('outbox, an animal refused by the service', [...shop, 'Holiday Hal', SERVICE_REFUSAL], outbox);
    } finally {
      await stricter.close();
    }
  });
}
