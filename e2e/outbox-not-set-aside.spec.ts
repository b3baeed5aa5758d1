import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startPreview } from './preview/server';
import { speak, words } from './support/catalogue-text';
import { screens } from './support/screens';

// Two animals wait to be sent when the counter is switched off; by morning a line of the outbox file is damaged, and
// the disk will not take its copy set aside (full, or the name taken). The file is left as it is for the day: the
// clerk still sees the two animals waiting and counted, and Send now says why nothing can go.

const de = words('de');

test('unreadable lines that cannot be set aside: the animals that could be read are shown and counted, never sent', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, service, dataDir, keychainService } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.addAnimal('Waldi', 'Dogs');
  await ui.addAnimal('Mieze', 'Cats');
  await page.keyboard.press('Escape');
  await expect(ui.connection()).toHaveText(/^2 waiting/);
  await speak(page, 'de');
  await page.close();
  await petstore.preview?.close();

  const folder = join(dataDir, 'app');
  appendFileSync(join(folder, 'outbox.jsonl'), '{"id":"00000000-0000-4000-8000-000000000009","pet":{"name":"Kra\n');
  mkdirSync(join(folder, 'outbox.unreadable.jsonl'));
  await service.start();

  const again = await startPreview({
    dataDir: folder,
    petstoreUrl: service.url,
    keychainService,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  const context = await browser.newContext();
  try {
    const morning = await context.newPage();
    await morning.setViewportSize({ width: 1024, height: 640 });
    await morning.goto(again.url);
    await expect(morning.locator('html')).toHaveAttribute('lang', 'de');
    const notice = morning.getByText(de('notice.outbox_not_set_aside', { backup: 'outbox.unreadable.jsonl' }));
    await expect(notice).toBeVisible({ timeout: 15_000 });
    // Counted as waiting, though the service answers: nothing of a file left as it is goes.
    const badge = morning.locator('.connection');
    await expect(badge).toContainText(de('sync.waiting', { count: 2 }), { timeout: 15_000 });
    await badge.click();
    const drawer = morning.getByRole('dialog', { name: de('outbox.title') });
    for (const name of ['Waldi', 'Mieze'])
      await expect(drawer.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    await drawer
      .getByRole('button', { name: de('outbox.actionLabel', { action: de('outbox.sendNow'), name: 'Waldi' }) })
      .click();
    await expect(drawer.getByRole('alert')).toHaveText(de('error.outbox_read_only'));
    const shot = await morning.screenshot({ fullPage: true });
    await test
      .info()
      .attach('outbox left as it is, two animals shown, de (1024×640)', { body: shot, contentType: 'image/png' });
    expect((await service.allPets()).filter((pet) => ['Waldi', 'Mieze'].includes(pet.name))).toEqual([]);
  } finally {
    await context.close();
    await again.close();
  }
});
