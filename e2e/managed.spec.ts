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
    const section = await ui.openSettingsOf('Production');
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

test.describe('a machine whose administration IT locked', () => {
  test.use({ policy: { lockAdministration: true } });

  test('Settings shows "This counter" to change and "Administration" locked, with no address or key to edit', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.policyPath);
    const { page } = petstore;
    const ui = screens(page);
    await ui.nav('Settings').click();
    await expect(page.getByRole('heading', { name: 'This counter' })).toBeVisible();
    await expect(page.getByLabel('Language', { exact: true })).toBeEnabled();
    // Collapsed until opened; opened, it says who decides and offers nothing to change.
    await expect(page.getByTestId('administration-locked')).toBeHidden();
    await page.getByText('Administration', { exact: true }).click();
    await expect(page.getByTestId('administration-locked')).toHaveText(
      'Managed by your organisation: addresses and keys are set by IT on this computer.',
    );
    await expect(page.getByRole('list', { name: 'Environments' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Service address for / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Test and save' })).toHaveCount(0);
    await petstore.snap('settings, administration locked by IT');
  });
});
