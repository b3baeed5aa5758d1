/**
 * With the key refused, or none, the lookup answers from the catalogue the list still shows, as it does offline, and
 * says the key is why; an id the catalogue lacks leads to the key instead.
 */
import { expect, test } from './fixtures';
import { clock, matching, speak, words, ANY } from './support/catalogue-text';
import { WINDOW_SIZES } from './support/looks';

test('the lookup with a refused key answers from the catalogue, in German, and says the key is why', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const say = words('de');
  await page.setViewportSize(WINDOW_SIZES[0]);
  await speak(page, 'de');
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
  const pepper = (await service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');

  // Someone replaced the demo's key with one the service refuses.
  await page.evaluate(`window.petstore.setApiKey({ environmentId: 'demo', apiKey: 'a-key-the-service-refuses' })`);
  await page.getByRole('button', { name: say('nav.lookup'), exact: true }).click();
  const id = page.getByLabel(say('lookup.id'), { exact: true });
  await id.fill(pepper.id);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText('Pepper');
  await expect(page.getByTestId('lookup-source')).toHaveText(
    matching(say('lookup.savedCopy', { timed: 'yes', time: ANY, why: 'key' })),
  );
  await petstore.snap('lookup with a refused key, from the catalogue, in German');

  // An id the shop's catalogue lacks: the key is what to mend.
  await id.fill('999999');
  await id.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(say('error.key_refused'));
  await expect(page.locator('.pet-card')).toHaveCount(0);
});

test('the lookup with no key at all answers from the catalogue it kept, and says there is no working key', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
  const pepper = (await service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');

  await page.evaluate(`window.petstore.clearApiKey({ environmentId: 'demo' })`);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Look up by id' }).click();
  const id = page.getByLabel('Animal id', { exact: true });
  await id.fill(pepper.id);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText('Pepper');
  await expect(page.getByTestId('lookup-source')).toHaveText(
    new RegExp(
      `^Copy from ${clock()} — this environment has no working API key, so this comes from the shop’s catalogue on this computer\\. It may have changed since\\.$`,
    ),
  );

  await id.fill('999999');
  await id.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no API key for this environment yet. Enter one in Settings.',
  );
});
