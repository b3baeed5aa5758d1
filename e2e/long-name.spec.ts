import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './support/screens';

// A name of 200 letters with no space (a pasted code, a mistyped key held down): the most a name can be.
const UNBROKEN = `Unbroken${'x'.repeat(192)}`;

/** What the measure reads of an element (the e2e project has no DOM types). */
interface Measured {
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): { right: number };
  ownerDocument: { documentElement: { clientWidth: number } };
}

/** How far, in px, the element's text runs past its own box or the window's right edge (0 when it fits). */
const overflow = (element: Locator): Promise<number> =>
  element.evaluate((node: Measured) =>
    Math.max(
      0,
      node.scrollWidth - node.clientWidth,
      node.getBoundingClientRect().right - node.ownerDocument.documentElement.clientWidth,
    ),
  );

test('a 200-letter name with no space stays inside the window: in the lookup’s answer, the saved toast and the outbox drawer', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await page.setViewportSize({ width: 1024, height: 640 });
  await service.add({ name: UNBROKEN, categoryId: 2, status: 'available' });
  const id = (await service.allPets()).find((pet) => pet.name === UNBROKEN)?.id;
  if (!id) throw new Error('The service did not keep the long name');

  // The lookup's answer: the whole name, broken over lines inside the window.
  await ui.nav('Look up by id').click();
  await page.getByLabel('Animal id').fill(id);
  await page.getByLabel('Animal id').press('Enter');
  const name = page.locator('.pet-card dd').nth(1);
  await expect(name).toHaveText(UNBROKEN);
  expect(await overflow(name), 'the lookup’s name runs past its box').toBe(0);
  await petstore.snap('lookup, a 200-letter name');

  // Added while the service is away: the toast and the drawer say the whole name inside the window.
  await service.stop();
  await ui.nav('Animals').click();
  await ui.addButton().click();
  await ui.addForm().name.fill(UNBROKEN);
  await ui.addForm().category.fill('2');
  await ui.addForm().submit.click();
  const toast = page.locator('.toasts .toast').filter({ hasText: UNBROKEN });
  await expect(toast).toBeVisible();
  expect(await overflow(toast), 'the toast runs past its box or the window').toBe(0);
  await petstore.snap('saved toast, a 200-letter name');
  await page.keyboard.press('Escape');

  const drawer = await ui.openOutbox();
  const item = drawer.getByRole('listitem').filter({ hasText: UNBROKEN });
  await expect(item).toHaveCount(1);
  expect(await overflow(item), 'the drawer’s item runs past its box or the window').toBe(0);

  // The service back, the animal is sent: its line under "Sent" keeps inside the drawer too.
  await service.start();
  const sent = drawer.locator('li[data-state="sent"]').filter({ hasText: UNBROKEN });
  await expect(sent).toHaveCount(1, { timeout: 15_000 });
  expect(await overflow(sent), 'the drawer’s sent line runs past its box or the window').toBe(0);
  await petstore.snap('outbox drawer, a 200-letter name');
});
