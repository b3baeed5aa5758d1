import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { screens } from './support/screens';

test.describe('a machine set up by the shop’s IT', () => {
  test.use({
    policy: { environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true } }, hideDemo: false },
  });

  test('Settings marks the locked address “Managed by your organisation” and offers no way to change it', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.policyPath);
    const { page } = petstore;
    const ui = screens(page);
    await ui.nav('Settings').click();
    await ui.showSettingsOf('Production');
    const section = ui.settingsFor('Production');
    await expect(ui.addressField('Production')).toHaveValue('https://shop.example.org/v1');
    await expect(ui.addressField('Production')).toHaveAttribute('readonly', '');
    await expect(section.getByText('Managed by your organisation')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Save address' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Environments' })).toContainText('Managed');
    await petstore.snap('settings, an address managed by IT');

    // An environment IT left alone can still be changed.
    await ui.showSettingsOf('Staging');
    await expect(ui.settingsFor('Staging').getByRole('button', { name: 'Save address' })).toBeVisible();
  });
});
