import { expect, test } from './fixtures';
import { screens } from './support/screens';

// Morning: the counter opens with an animal added during yesterday's outage still waiting at the foot of a big list.
// The clerk reads the top of the list. The service comes back and the animal is sent in the background: the clerk did
// nothing, so the list stays where the clerk is reading, and the row the clerk is on stays theirs.

test('an animal sent in the background leaves the clerk where they are reading, on the row they chose', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  await page.setViewportSize({ width: 1024, height: 640 });
  await service.fillTo(300, ['available', 'pending', 'sold']);
  const ui = screens(page);
  await ui.refresh().click();
  await expect(ui.summary()).toContainText('300 animals');
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.addAnimal('Background Bella', 'Dogs');
  await page.keyboard.press('Escape');
  await expect(ui.notSentRow('Background Bella')).toBeVisible();

  // The app opened again (the next morning): the list from its top, the animal still waiting.
  await page.reload();
  await expect(ui.summary()).toContainText('301 animals');
  await expect(ui.connection()).toHaveText(/^1 waiting/, { timeout: 15_000 });
  // The clerk clicks Pepper's row, near the top, to read it.
  await ui.row('Pepper').getByRole('cell', { name: 'Dogs (1)' }).click();
  const pepper = ui.row('Pepper').getByRole('button', { name: 'Pepper', exact: true });

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await expect.poll(async () => (await service.allPets()).some((pet) => pet.name === 'Background Bella')).toBe(true);
  await page.waitForTimeout(500);

  await expect(ui.row('Pepper'), 'the row the clerk was reading stays on screen').toBeInViewport();
  await expect(ui.row('Background Bella'), 'the sent animal is not pulled into view').not.toBeInViewport();
  await expect(pepper).toBeVisible();
});
