import { expect, test } from './fixtures';
import { words } from './support/catalogue-text';
import { nextMorning, readOnlyByMorning } from './support/overnight';

// Last night two animals went to the clerk's check: Mieze with a row of the shop to compare with (ID 987654, sold and
// gone by morning), Waldi before the service could be asked. By morning a line of the outbox file is damaged and the
// disk will not take its copy set aside: the outbox is read-only for the day, never looked up again. The drawer must
// not call last night's rows "now on the service", nor say Waldi is being looked up while nothing will ever look.

const de = words('de');

test('a read-only outbox: an animal at the check shows no stale rows as "now on the service" and no look-up that never comes (de, 1024×640)', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { service } = petstore;
  // Both went to the check last night (as the outbox writes them there); Mieze's rows were looked up then.
  const folder = await readOnlyByMorning(petstore, {
    Waldi: '"state":"needs_check","reached":true',
    Mieze:
      '"state":"needs_check","reached":true,"matches":{"pets":[{"id":"987654","name":"Mieze","categoryId":"2"}],"complete":true}',
  });

  await nextMorning(petstore, browser, folder, async (morning) => {
    await expect(
      morning.getByText(de('notice.outbox_not_set_aside', { backup: 'outbox.unreadable.jsonl' })),
    ).toBeVisible({ timeout: 15_000 });
    const badge = morning.locator('.connection');
    await expect(badge).toContainText(de('sync.toCheck', { count: 2 }), { timeout: 15_000 });
    // Online, well past any look-up the outbox would make.
    await morning.waitForTimeout(12_000);
    await badge.click();
    const drawer = morning.getByRole('dialog', { name: de('outbox.title') });
    const mieze = drawer.getByRole('listitem').filter({ hasText: 'Mieze' });
    const waldi = drawer.getByRole('listitem').filter({ hasText: 'Waldi' });
    await expect(mieze).toHaveCount(1);
    await expect(waldi).toHaveCount(1);
    await test.info().attach('read-only outbox, two animals at the check (de, 1024×640)', {
      body: await morning.screenshot(),
      contentType: 'image/png',
    });
    expect(
      (await service.allPets()).some((pet) => pet.id === '987654'),
      'row 987654 on the service',
    ).toBe(false);
    await expect
      .soft(mieze, 'Mieze: last night’s row called “now on the service”')
      .not.toContainText(de('outbox.onService', { ids: de('outbox.serviceId', { id: '987654' }) }));
    await expect.soft(waldi, 'Waldi: a look-up that never comes').not.toContainText(de('outbox.lookingUp'));
  });
});
