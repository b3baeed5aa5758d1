import { expect, test } from './fixtures';
import { words } from './support/catalogue-text';
import { nextMorning, readOnlyByMorning } from './support/overnight';

// Two animals wait to be sent when the counter is switched off; by morning a line of the outbox file is damaged, and
// the disk will not take its copy set aside (full, or the name taken). The file is left as it is for the day: the
// clerk still sees the two animals waiting and counted, and Send now says why nothing can go.

const de = words('de');

test('unreadable lines that cannot be set aside: the animals that could be read are shown and counted, never sent', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { service } = petstore;
  const folder = await readOnlyByMorning(petstore);

  await nextMorning(petstore, browser, folder, async (morning) => {
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
  });
});
