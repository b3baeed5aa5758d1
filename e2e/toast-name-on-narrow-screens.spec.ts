import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A German clerk at the usual 1024×640: the service is down, she saves Bärbel for later and at once turns to "Nach ID
// suchen" for a customer. The notice still up there must say which animal was saved: on that screen the notice is
// narrower, and the German sentence, which names the animal last, is cut after two lines — before the name.

test('the notice of an animal saved while the service is down names it on the lookup screen too (de, 1024×640)', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const { say, nav } = await startTour(petstore, 'de');
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
  await service.stop();
  await expect(page.locator('.connection')).toHaveText(/^Dienst nicht erreichbar/, { timeout: 15_000 });

  await page.getByRole('button', { name: say('list.add'), exact: true }).click();
  const form = page.getByRole('region', { name: say('add.title') });
  await form.getByLabel(say('add.name'), { exact: true }).fill('Bärbel');
  await form.getByLabel(say('add.category'), { exact: true }).fill('2');
  await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
  const notice = page.locator('.toasts .toast').filter({ hasText: say('add.savedQueued', { name: 'Bärbel' }) });
  await expect(notice).toBeVisible();

  await nav('lookup');
  await expect(notice).toBeInViewport();
  await page.screenshot({ path: '/tmp/rev23s/toast-name-cut.png' });
  // Where "Bärbel" is drawn in the notice, against the part of it shown (the rest is clipped).
  const name = await page.evaluate<{ nameBottom: number; shownBottom: number }>(`(() => {
    const shown = [...document.querySelectorAll('.toasts .toast')].find((one) => one.textContent.includes('Bärbel'));
    const text = shown?.firstChild;
    const at = text?.textContent.indexOf('Bärbel') ?? -1;
    if (!shown || !text || at < 0) return { nameBottom: Infinity, shownBottom: 0 };
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 'Bärbel'.length);
    const box = shown.getBoundingClientRect();
    return { nameBottom: range.getBoundingClientRect().bottom, shownBottom: box.top + shown.clientTop + shown.clientHeight };
  })()`);
  expect(
    name.nameBottom,
    'Bärbel is drawn inside the part of the notice shown, not in its clipped rest',
  ).toBeLessThanOrEqual(name.shownBottom);
});
