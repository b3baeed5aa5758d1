import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A clerk in German prints "Diese Ansicht" to hand a breeder the papers of Princess Buttercup, whose pedigree name is
// long. On screen the name is cut to one line with "…" and whole in its tooltip; paper has no tooltip, and the
// stylesheet promises "on paper every row is printed whole" — yet the printed name stops at "Rosebud …".

test('a long name is printed whole, not cut with "…" as on screen (de, 1024×640)', async ({ petstore }) => {
  const { page, service } = petstore;
  const princess = (await service.allPets()).find((pet) => pet.name.startsWith('Princess Buttercup'));
  if (!princess) throw new Error('the demo has Princess Buttercup');
  const { say } = await startTour(petstore, 'de');
  await page.getByLabel(say('list.search')).fill('Princess');
  await expect(page.locator('#list-summary')).toHaveText(/^1 von /);

  await page.evaluate('window.print = () => {}');
  await page.getByRole('button', { name: say('list.moreActions'), exact: true }).click();
  await page.getByRole('button', { name: say('list.printView'), exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();
  await page.screenshot({ path: '/tmp/rev24s/print-long-name.png' });

  const name = page.getByRole('button', { name: princess.name, exact: true });
  const cut = await name.evaluate(
    (shown: { scrollWidth: number; clientWidth: number }) => shown.scrollWidth > shown.clientWidth,
  );
  expect(cut, `the printed name, ${String(princess.name.length)} letters, cut short`).toBe(false);
});
