import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A German clerk at the usual 1024×640: the service is down, she saves Bärbel for later and at once turns to "Nach ID
// suchen" for a customer. The notice still up there must say which animal was saved: on that screen the notice is
// narrower, and a success is cut after two lines: the name must be in them, and so must "not sent yet".

/**
 * Whether `part` of the notice holding `part` is drawn inside what the notice shows (a success shows two lines, the
 * rest clipped): the bottom of its last letter against the notice's shown bottom.
 */
const drawnInShownPart = (page: Page, part: string): Promise<boolean> =>
  page.evaluate<boolean>(`((text) => {
    const shown = [...document.querySelectorAll('.toasts .toast')].find((one) => one.textContent.includes(text));
    const node = shown?.firstChild;
    const at = node?.textContent.lastIndexOf(text) ?? -1;
    if (!shown || !node || at < 0) return false;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    const box = shown.getBoundingClientRect();
    return range.getBoundingClientRect().bottom <= box.top + shown.clientTop + shown.clientHeight;
  })(${JSON.stringify(part)})`);

/** At the German counter with the service gone, `name` added: its notice up. */
async function savedWhileDown(petstore: Parameters<typeof startTour>[0], name: string) {
  const { page, service } = petstore;
  const tour = await startTour(petstore, 'de');
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
  await service.stop();
  await expect(page.locator('.connection')).toHaveText(/^Dienst nicht erreichbar/, { timeout: 15_000 });
  await page.getByRole('button', { name: tour.say('list.add'), exact: true }).click();
  const form = page.getByRole('region', { name: tour.say('add.title') });
  await form.getByLabel(tour.say('add.name'), { exact: true }).fill(name);
  await form.getByLabel(tour.say('add.category'), { exact: true }).fill('2');
  await form.getByLabel(tour.say('add.name'), { exact: true }).press('Enter');
  const notice = page.locator('.toasts .toast').filter({ hasText: tour.say('add.savedQueued', { name }) });
  await expect(notice).toBeVisible();
  return { ...tour, notice };
}

test('the notice of an animal saved while the service is down names it on the lookup screen too (de, 1024×640)', async ({
  petstore,
}) => {
  const { page } = petstore;
  const { nav, notice } = await savedWhileDown(petstore, 'Bärbel');
  await nav('lookup');
  await expect(notice).toBeInViewport();
  expect(
    await drawnInShownPart(page, 'Bärbel'),
    'Bärbel is drawn inside the part of the notice shown, not in its clipped rest',
  ).toBe(true);
});

test('a long name saved while the service is down: its notice still shows that the animal is not sent yet (de, 1024×640)', async ({
  petstore,
}) => {
  // A breeder's pedigree name: two lines of it were all the notice showed, "wird gesendet, …" clipped under them, and
  // "Gespeichert" alone reads at a glance like "Gesendet".
  const long = 'Prinzessin Wolkenschaf von Hohenzollern-Sigmaringen die Zweite aus dem Tierheim am Stadtrand';
  const { page } = petstore;
  const { say } = await savedWhileDown(petstore, long);
  const words = say('add.savedQueued', { name: '\u0000' })
    .split('\u0000')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const part of words)
    expect(await drawnInShownPart(page, part), `“${part}” drawn in the part of the notice shown`).toBe(true);
  await petstore.snap('a long name saved while the service is down, de (1024×640)');
});
