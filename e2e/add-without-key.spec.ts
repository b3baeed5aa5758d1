import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { speak, words } from './support/catalogue-text';
import { screens } from './support/screens';

// The clerk learns that adding cannot work before typing, not after: the button stays reachable, says why, and
// leads to where the key is entered (or to IT, where the policy keeps keys off this computer).
test.describe('an environment without a key', () => {
  test.use({ demoKey: false });

  test('"Add an animal" is inactive and says why; it leads to the key, and once the key is saved it adds', async ({
    petstore,
  }) => {
    const { page, service } = petstore;
    const ui = screens(page);
    // Without a key the shop is unknown, not empty: no "0 animals".
    await expect(ui.summary()).toHaveText('Not loaded yet');
    await expect(
      page.getByText(
        'Nothing to show until Demo (local) has a working API key: its animals load as soon as the key is saved.',
      ),
    ).toBeVisible();
    const reason = 'Adding needs an API key for Demo (local): it is entered in Settings, under Administration.';
    const add = ui.addButton();
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).toHaveAccessibleDescription(reason);

    // From the keyboard it is reached like any button, and the reason shows beside it; Esc puts it away.
    await add.focus();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(reason);
    await petstore.snap('add, no key: the reason on focus');
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();

    // Pressed, it opens the panel with the reason and the way to the key, never a form to fill in vain.
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Add an animal' });
    await expect(panel).toContainText(reason);
    await expect(panel.getByRole('heading', { name: 'Add an animal' })).toBeFocused();
    await expect(ui.addForm().name).toHaveCount(0);
    await expectAccessible(petstore, 'add panel without a key');

    await panel.getByRole('button', { name: 'Enter the API key' }).click();
    const field = ui.keyField('Demo (local)');
    await expect(field).toBeFocused();
    await page.keyboard.type(service.apiKey);
    await page.keyboard.press('Enter');
    await expect(ui.settingsFor('Demo (local)').getByText(/and is saved\.$/)).toBeVisible();

    // No reload: the button is a plain button again and the panel holds the form.
    await ui.nav('Animals').click();
    await expect(ui.summary()).toHaveText(/^\d+ animals/);
    await expect(add).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await ui.addForm().name.fill('Keyed Kitty');
    await ui.addForm().category.fill('1');
    await ui.addForm().submit.click();
    await expect(ui.row('Keyed Kitty')).toBeVisible();
    await expect.poll(async () => (await service.pets()).map((pet) => pet.name)).toContain('Keyed Kitty');
  });

  test('in German at 1024×640 the reason does not wrap the toolbar or scroll sideways', async ({ petstore }) => {
    const { page } = petstore;
    const say = words('de');
    await page.setViewportSize({ width: 1024, height: 640 });
    await speak(page, 'de');
    const add = page.locator('#add-animal');
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    const toolbar = page.locator('.toolbar');
    const before = await toolbar.boundingBox();
    await add.hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      say('add.noKeyReason', { environment: say('environmentName.demo') }),
    );
    expect(await toolbar.boundingBox()).toEqual(before);
    // One row: the search box and the button side by side.
    expect(before?.height).toBeLessThanOrEqual(44);
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await petstore.snap('add, no key, German: the reason on hover');
  });
});

test.describe('an environment without a key, on a machine whose administration IT locked', () => {
  test.use({ demoKey: false, policy: { lockAdministration: true } });

  test('the reason sends the clerk to IT, and nothing leads to a key entry that is not there', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.policyPath);
    const { page } = petstore;
    const ui = screens(page);
    const reason =
      'Adding needs an API key for Demo (local), which your organisation manages on this computer: ask your IT to enter it.';
    await expect(ui.addButton()).toHaveAccessibleDescription(reason);
    // Playwright counts aria-disabled as "not enabled" and would wait; the browser clicks it as any button.
    await ui.addButton().click({ force: true });
    await expect(page.getByRole('region', { name: 'Add an animal' })).toContainText(reason);
    await expect(page.getByRole('button', { name: 'Enter the API key' })).toHaveCount(0);
  });
});
