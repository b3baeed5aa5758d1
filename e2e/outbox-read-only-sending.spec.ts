import { expect, test } from './fixtures';
import { words } from './support/catalogue-text';
import { nextMorning, readOnlyByMorning } from './support/overnight';

// Two animals wait when the counter loses power, Waldi's send under way (its record still says "sending"). By morning a
// line of the outbox file is damaged and the disk will not take its copy set aside: the outbox is read-only for the day
// and nothing of it is sent. The header and the drawer must not say Waldi is being sent all day long.

const de = words('de');

test('a read-only outbox never says an animal is being sent: one left "sending" by a power cut waits for the check (de, 1024×640)', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { service } = petstore;
  // The power went while Waldi was being sent: its last record on disk says so.
  const folder = await readOnlyByMorning(petstore, { Waldi: '"state":"sending"' });

  await nextMorning(petstore, browser, folder, async (morning) => {
    await expect(
      morning.getByText(de('notice.outbox_not_set_aside', { backup: 'outbox.unreadable.jsonl' })),
    ).toBeVisible({ timeout: 15_000 });
    const badge = morning.locator('.connection');
    await expect(badge).toContainText(/\d/, { timeout: 15_000 });
    // Well past any send: nothing of a read-only outbox goes.
    await morning.waitForTimeout(12_000);
    await badge.click();
    const drawer = morning.getByRole('dialog', { name: de('outbox.title') });
    await expect(drawer.getByRole('listitem').filter({ hasText: 'Waldi' })).toHaveCount(1);
    await test.info().attach('read-only outbox, Waldi left sending (de, 1024×640)', {
      body: await morning.screenshot(),
      contentType: 'image/png',
    });
    expect(
      (await service.allPets()).filter((pet) => pet.name === 'Waldi'),
      'Waldi on the service',
    ).toEqual([]);
    // Not "Sende 2…": as at any start, Mieze waits, and Waldi, whose send may have reached the service, waits for the
    // clerk's check.
    await expect.soft(badge, 'the header badge').toContainText(de('sync.waiting', { count: 1 }));
    await expect.soft(badge, 'the header badge').toContainText(de('sync.toCheck', { count: 1 }));
    await expect
      .soft(drawer.getByRole('listitem').filter({ hasText: 'Waldi' }), 'Waldi in the drawer')
      .not.toContainText(de('outbox.sending'));
  });
});
