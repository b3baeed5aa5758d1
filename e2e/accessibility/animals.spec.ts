import { expect, test } from '../fixtures';
import { COLOR_SCHEMES, expectAccessible } from '../support/axe';
import { screens } from '../support/screens';

// One test per colour scheme, so the scans of a screen run side by side and each stays well inside its budget.
for (const scheme of COLOR_SCHEMES) {
  test(`the animals list, the add form with its messages and the shortcuts dialog are accessible (${scheme})`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    const ui = screens(page);
    await page.emulateMedia({ colorScheme: scheme });
    await expect(ui.rows().first()).toBeVisible();
    await expectAccessible(petstore, `animals list (${scheme})`);

    await ui.addButton().click();
    await ui.addForm().submit.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectAccessible(petstore, `add form with messages (${scheme})`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(petstore, `keyboard shortcuts (${scheme})`);
  });
}
