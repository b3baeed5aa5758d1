import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A German clerk at the usual 1024×640, 265 animals in the shop, adds one animal while the service answers; then the
// service goes away and she adds Bärbel, then Öskar. When it is back they are sent in the order she added them:
// Bärbel gets the lower id.

test('two animals added during an outage, after an add that went through, keep their order (de)', async ({
  petstore,
}) => {
  test.setTimeout(180_000);
  const { page, service } = petstore;
  await service.fillTo(265, ['available', 'pending', 'sold']);
  const { say } = await startTour(petstore, 'de');
  await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
  await expect(page.locator('#list-summary')).toContainText('265');
  const form = page.getByRole('region', { name: say('add.title') });
  const add = async (name: string, category: string) => {
    await page.getByRole('button', { name: say('list.add'), exact: true }).click();
    await form.getByLabel(say('add.name'), { exact: true }).fill(name);
    await form.getByLabel(say('add.category'), { exact: true }).fill(category);
    await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
    await expect(form.getByLabel(say('add.name'), { exact: true })).toHaveValue('');
    await page.keyboard.press('Escape');
  };
  await add('Frau Müller', '1');
  await expect(page.locator('#list-summary')).toContainText('266');

  await service.stop();
  await expect(page.locator('.connection')).toHaveText(/^Dienst nicht erreichbar/, { timeout: 15_000 });
  await add('Bärbel', '2');
  await page.waitForTimeout(1_000);
  await add('Öskar', '2');
  await expect(page.locator('.connection')).toHaveText(/^2 warten/);
  await page.waitForTimeout(7_000);

  await service.start();
  await expect(page.locator('.connection')).toHaveText(/^Online/, { timeout: 30_000 });
  await expect(page.locator('table.pets')).not.toContainText(say('table.notSent'), { timeout: 20_000 });
  const created = (await service.allPets()).filter((pet) => ['Bärbel', 'Öskar'].includes(pet.name));
  const byId = [...created].sort((a, b) => Number(a.id) - Number(b.id)).map((pet) => pet.name);
  expect(byId, 'the ids follow the order the clerk added them in').toEqual(['Bärbel', 'Öskar']);
});
