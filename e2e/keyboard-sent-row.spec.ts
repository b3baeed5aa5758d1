import { expect, test } from './fixtures';
import { screens } from './support/screens';

// A keyboard clerk's place in the grid while the animal under the focus is sent. The grid draws its rows by place:
// the "Sent" toast lifting the rows drew two fewer for a moment, the focused name button went with them, and the
// focus fell to the page, where the arrows move nothing.

test('the focus stays on an animal’s row while it goes from “not sent yet” to the service’s row', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.addAnimal('Focus Keeper', 'Dogs');
  await page.keyboard.press('Escape');
  const keeper = ui.notSentRow('Focus Keeper').getByRole('button', { name: 'Focus Keeper' });
  await keeper.focus();
  await expect(keeper).toBeFocused();

  await service.start();
  const sent = ui.row('Focus Keeper');
  await expect(sent).not.toContainText('not sent yet', { timeout: 20_000 });
  await expect(sent.getByRole('button', { name: 'Focus Keeper' })).toBeFocused();

  // And the arrows go on from there, to the animal above it.
  const above = (await service.allPets()).at(-2);
  if (!above) throw new Error('the demo shop has animals');
  await page.keyboard.press('ArrowUp');
  await expect(ui.row(above.name).getByRole('button', { name: above.name })).toBeFocused();
});

// Sorted by status, an animal sent with the service's default status moves from the foot (no status yet) up among the
// available ones: still on screen in a tall window, out of the rows drawn in a low one.
for (const { window, where } of [
  { window: { width: 1280, height: 720 }, where: 'to another place on screen' },
  { window: { width: 1024, height: 480 }, where: 'out of view' },
]) {
  test(`the focus follows the animal when being sent sorts it ${where}`, async ({ petstore }) => {
    const { page, service } = petstore;
    await page.setViewportSize(window);
    const ui = screens(page);
    await expect(ui.rows().first()).toBeVisible();
    await page.getByRole('columnheader', { name: 'Status' }).getByRole('button').click();
    await service.stop();
    await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
    await ui.addAnimal('Status Seeker', 'Dogs');
    await page.keyboard.press('Escape');
    const waiting = ui.notSentRow('Status Seeker');
    await expect(waiting).toHaveAttribute('aria-rowindex', '42');
    await waiting.getByRole('button', { name: 'Status Seeker' }).focus();

    await service.start();
    await expect(ui.table()).not.toContainText('not sent yet', { timeout: 20_000 });
    // The last of the available animals: it has the newest id.
    const available = (await service.allPets()).filter((pet) => pet.status === 'available').length;
    const sent = ui.row('Status Seeker');
    await expect(sent).toHaveAttribute('aria-rowindex', String(available + 1));
    await expect(sent.getByRole('button', { name: 'Status Seeker' })).toBeFocused();
    await expect(sent).toBeInViewport();
    await page.keyboard.press('ArrowDown');
    await expect(
      ui
        .table()
        .locator(`[aria-rowindex="${String(available + 2)}"]`)
        .getByRole('button'),
    ).toBeFocused();
  });
}
