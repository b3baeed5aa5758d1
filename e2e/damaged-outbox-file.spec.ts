import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startPreview } from './preview/server';
import { screens } from './support/screens';

// Two animals wait to be sent when the counter is switched off; the next morning the file of waiting animals is found
// damaged (a disk fault wrote zeros over it). The app keeps the file aside and says a damaged part could not be read:
// it cannot know how many animals that part held, so it gives no count, and it does not say the others load.

test('a damaged file of waiting animals is not said to have held one animal when it held two', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, service, dataDir, keychainService } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.addAnimal('Damaged Dora', 'Dogs');
  await ui.addAnimal('Damaged Dieter', 'Cats');
  await page.keyboard.press('Escape');
  await expect(ui.connection()).toHaveText(/^2 waiting/);
  await page.close();
  await petstore.preview?.close();

  const outbox = join(dataDir, 'app', 'outbox.jsonl');
  writeFileSync(outbox, '\u0000'.repeat(readFileSync(outbox).length));

  const again = await startPreview({
    dataDir: join(dataDir, 'app'),
    petstoreUrl: service.url,
    keychainService,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: console.error },
  });
  const context = await browser.newContext();
  try {
    const morning = await context.newPage();
    await morning.setViewportSize({ width: 1024, height: 640 });
    await morning.goto(again.url);
    const notice = morning.getByText(/could not be read from the outbox file/).first();
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice, 'no count the app cannot know').not.toContainText(/^A waiting animal/);
    await expect(notice, 'nothing loaded').not.toContainText('the other animals');
  } finally {
    await context.close();
    await again.close();
  }
});
