import { expect, test } from '../fixtures';
import { COLOR_SCHEMES, expectAccessible } from '../support/axe';
import { withCopyAge } from '../support/catalogue-text';
import { screens } from '../support/screens';

for (const scheme of COLOR_SCHEMES) {
  test(`staging without a key, and offline with an animal waiting, are accessible (${scheme})`, async ({
    petstore,
  }) => {
    const { page, service } = petstore;
    const ui = screens(page);
    await page.emulateMedia({ colorScheme: scheme });
    await ui.environment().selectOption('staging');
    await expect(page.getByRole('heading', { name: 'No API key for Staging yet' })).toBeVisible();
    await expectAccessible(petstore, `staging with no key (${scheme})`);

    await ui.environment().selectOption('demo');
    await expect(ui.rows().first()).toBeVisible();
    await service.stop();
    await ui.refresh().click();
    await expect(ui.connection()).toHaveText(withCopyAge('Service unreachable'));
    await ui.addButton().click();
    await ui.addForm().name.fill('Axe');
    await ui.addForm().category.fill('1');
    await ui.addForm().name.press('Enter');
    await expect(ui.connection()).toHaveText(withCopyAge('1 waiting'));
    await expectAccessible(petstore, `offline with an animal waiting (${scheme})`);
    await ui.openOutbox();
    await expectAccessible(petstore, `offline, the outbox drawer (${scheme})`);
  });
}
