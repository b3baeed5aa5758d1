import { expect, test } from './fixtures';
import { ANY, matching, withCopyAge } from './support/catalogue-text';
import { LOCALES, petData, SETTINGS_DATA, startTour } from './support/tour';

// Settings: an address refused and saved, keys that fail their test, saved anyway, and what the screens say then.
test.slow();

for (const locale of LOCALES) {
  test(`Settings, addresses and keys that fail, in ${locale}`, async ({ petstore }) => {
    const { page, service } = petstore;
    const { say, nav, showSettingsOf, stop } = await startTour(petstore, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
    await nav('settings');
    await expect(page.locator('ul.chooser')).toContainText(say('settings.keyStored'));
    await stop('settings', SETTINGS_DATA);
    await stop(
      'settings, categories and the scanner',
      SETTINGS_DATA,
      page.locator('fieldset', { hasText: say('scanner.legend') }),
    );

    // Staging's address: refused in words, then saved.
    await showSettingsOf('staging');
    const address = page.locator('#url-staging');
    const addressMessage = page.locator('#url-staging-message');
    const saveAddress = page.getByRole('button', { name: say('environment.saveAddress'), exact: true });
    await address.fill('petstore.example.com');
    await saveAddress.click();
    await expect(addressMessage).toHaveText(say('field.address_not_web'));
    await stop('settings, an address that is not one', SETTINGS_DATA);
    await address.fill('http://petstore.example.com/v1');
    await expect(addressMessage).toHaveText(say('field.address_plain_http'));
    await address.fill('https://no-such-host.invalid/v1');
    await saveAddress.click();
    await expect(addressMessage).toHaveText(say('environment.addressSaved'));
    await stop('settings, an address saved', SETTINGS_DATA);

    // A key for it: asked for first, then one that fails its test (the host does not exist), saved anyway.
    const testAndSave = page.getByRole('button', { name: say('environment.testAndSave'), exact: true });
    const keyMessage = page.locator('#key-staging-message');
    await testAndSave.click();
    await expect(keyMessage).toHaveText(say('environment.keyFirst'));
    await page.locator('#key-staging').fill('a-key-for-staging');
    await testAndSave.click();
    await expect(keyMessage).toHaveText(matching(say('environment.notSaved', { reason: ANY })));
    await stop('settings, a key that fails its test', SETTINGS_DATA);
    await page.getByRole('button', { name: say('environment.saveAnyway'), exact: true }).click();
    await expect(keyMessage).toHaveText(
      say('environment.savedUntested', { environment: say('environmentName.staging') }),
    );
    await stop('settings, a key saved without a working test', SETTINGS_DATA);

    // Staging in use: its address is not found.
    await page.locator('#environment-switch').selectOption('staging');
    await nav('animals');
    // Said once, in the sync badge (its detail names the address); the list keeps its Refresh.
    await expect(page.locator('.connection')).toHaveText(say('connection.short.addressNotFound'));
    await stop('animals, a service address that is not found');

    // Back on the demo: a wrong key is refused by the service.
    await page.locator('#environment-switch').selectOption('demo');
    await expect(page.locator('.connection')).toHaveText(say('connection.online'));
    await nav('settings');
    await showSettingsOf('demo');
    await page.locator('#key-demo').fill('not-the-right-key');
    await testAndSave.click();
    await expect(page.locator('#key-demo-message')).toHaveText(matching(say('environment.notSaved', { reason: ANY })));
    await stop('settings, a key the service refuses', SETTINGS_DATA);
    await page.getByRole('button', { name: say('environment.saveAnyway'), exact: true }).click();
    await expect(page.locator('#key-demo-message')).toHaveText(
      say('environment.savedUntested', { environment: say('environmentName.demo') }),
    );
    await nav('animals');
    await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
    const keyNeeded = page.locator('section[aria-labelledby="key-needed-title"]');
    await expect(keyNeeded.locator('h2')).toHaveText(
      say('key.refusedTitle', { environment: say('environmentName.demo') }),
    );
    await expect(page.locator('.connection')).toHaveText(withCopyAge(say('connection.short.keyRefused'), locale));
    await stop('animals, the key refused', petData(await service.pets()));

    // The right key, from the key prompt.
    await keyNeeded.getByRole('button', { name: say('key.enter'), exact: true }).click();
    await expect(page.locator('#key-demo')).toBeFocused();
    await page.keyboard.type(service.apiKey);
    await page.keyboard.press('Enter');
    await expect(page.locator('#key-demo-message')).toHaveText(matching(say('environment.keyWorks', { ms: ANY })));
    await stop('settings, a key that works', SETTINGS_DATA);
  });
}
