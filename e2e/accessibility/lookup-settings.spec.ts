import { expect, test } from '../fixtures';
import { COLOR_SCHEMES, expectAccessible } from '../support/axe';
import { screens } from '../support/screens';

for (const scheme of COLOR_SCHEMES) {
  test(`the deprecated lookup and the settings are accessible (${scheme})`, async ({ petstore }) => {
    const { page } = petstore;
    const ui = screens(page);
    await page.emulateMedia({ colorScheme: scheme });
    await ui.nav('Look up by id').click();
    await page.getByLabel('Animal id').fill('1');
    await page.getByLabel('Animal id').press('Enter');
    await expect(page.locator('.pet-card')).toBeVisible();
    await expectAccessible(petstore, `deprecated lookup (${scheme})`);

    await ui.nav('Settings').click();
    await expectAccessible(petstore, `settings (${scheme})`);
  });
}
