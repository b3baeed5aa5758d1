import { expect, test } from './fixtures';
import { withCopyAge } from './support/catalogue-text';
import { screens, withStagingShop } from './support/screens';

test('switching environments never mixes their animals, their additions or their copies of the shop', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const demo = await service.allPets();
  const demoCount = new RegExp(`^${String(demo.length)} animals`);
  const stagingShop = [
    { name: 'Staging Sam', categoryId: 1, status: 'available' as const },
    { name: 'Staging Sue', categoryId: 2, status: 'sold' as const },
  ];
  await withStagingShop(page, petstore.dataDir, stagingShop, async (staging) => {
    await ui.environment().selectOption('staging');
    await expect(ui.band()).toHaveText('STAGING');
    await expect(ui.band()).toHaveAttribute('title', 'STAGING — not the live shop');
    await expect(ui.rows()).toHaveCount(2);
    await expect(ui.names()).toHaveText(['Staging Sam', 'Staging Sue']);
    await petstore.snap('staging environment');

    await ui.addButton().click();
    await ui.addForm().name.fill('Only in staging');
    await ui.addForm().category.fill('9');
    await ui.addForm().name.press('Enter');
    await expect(ui.row('Only in staging')).toBeVisible();
    // The outbox has it as sent too (its word may come after the add's answer): the switch asks nothing.
    await expect(ui.notSentRow('Only in staging')).toHaveCount(0);

    await ui.environment().selectOption('demo');
    await expect(ui.band()).toHaveText('DEMO');
    await expect(ui.rows().first()).toBeVisible();
    await expect(ui.summary()).toHaveText(demoCount);
    await expect(ui.names().first()).toHaveText(demo[0]?.name ?? '');
    expect((await service.pets()).map((pet) => pet.name)).not.toContain('Only in staging');
    expect((await staging.pets()).map((pet) => pet.name)).toContain('Only in staging');

    // Offline, each environment still shows only its own copy of the shop.
    await staging.stop();
    await ui.environment().selectOption('staging');
    await expect(ui.connection()).toHaveText(withCopyAge('Service unreachable'));
    await expect(ui.names()).toHaveText(['Staging Sam', 'Staging Sue', 'Only in staging']);
    await ui.environment().selectOption('demo');
    await expect(ui.summary()).toHaveText(demoCount);
    await expect(ui.names().first()).toHaveText(demo[0]?.name ?? '');
  });
});
