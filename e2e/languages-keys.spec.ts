import { readPolicy } from '../src/main/core/policy-read';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { ANY, LANGUAGE_NAMES, matching } from './support/catalogue-text';
import { LOCALES, petData, SETTINGS_DATA, startTour } from './support/tour';

// The key prompt (no key yet, on a first run too), the stored key tested and removed, a notice, a managed address.
test.slow();

for (const locale of LOCALES) {
  test(`the key prompt and the stored key tested and removed, in ${locale}`, async ({ petstore }) => {
    const { page, service } = petstore;
    const { say, nav, stop } = await startTour(petstore, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
    const shop = petData(await service.pets());

    await nav('settings');
    await page.getByRole('button', { name: say('environment.testStored'), exact: true }).click();
    await expect(page.locator('#key-demo-message')).toHaveText(matching(say('environment.connected', { ms: ANY })));
    await stop('settings, the stored key tested', SETTINGS_DATA);

    // Production has no key: the list asks for one, and offers the demo.
    await page.locator('#environment-switch').selectOption('production');
    await nav('animals');
    const keyNeeded = page.locator('section[aria-labelledby="key-needed-title"]');
    const production = say('environmentName.production');
    await expect(keyNeeded.locator('h2')).toHaveText(say('key.missingTitle', { environment: production }));
    await expect(page.locator('.connection')).toHaveText(say('connection.noKey'));
    await stop('animals, no key for production');
    await nav('settings');
    await expect(page.locator('#key-production')).toBeVisible();
    await stop('settings, production in use without a key', LANGUAGE_NAMES);
    await nav('animals');
    await keyNeeded.getByRole('button', { name: say('key.useDemo'), exact: true }).click();
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();

    // Removing the demo's key asks first.
    await nav('settings');
    await page.getByRole('button', { name: say('environment.removeKey'), exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.locator('p')).toHaveText(
      say('environment.removeQuestion', { environment: say('environmentName.demo') }),
    );
    await stop('settings, removing the key asks first', SETTINGS_DATA);
    await confirm.getByRole('button', { name: say('environment.removeConfirm'), exact: true }).click();
    await expect(page.locator('#key-state-demo')).toHaveText(say('environment.noKeyStored'));
    await stop('settings, the key removed', SETTINGS_DATA);
    await nav('animals');
    await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
    await expect(keyNeeded.locator('h2')).toHaveText(
      say('key.missingTitle', { environment: say('environmentName.demo') }),
    );
    await stop('animals, no key for the demo', shop);
  });
}

test.describe('a first run, with a policy file IT got wrong', () => {
  test.use({
    demoKey: false,
    // Read as the shell reads the machine's file, so the notice is the core's own. Playwright reads the
    // fixtures a function needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    policy: async ({}, use) => use(await readPolicy('policy.json', () => Promise.resolve('{ "hideDemo": '))),
  });

  for (const locale of LOCALES) {
    test(`the key prompt and the notice, in ${locale}`, async ({ petstore }, testInfo) => {
      test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.policyPath);
      const { page } = petstore;
      const { say, stop } = await startTour(petstore, locale);
      // Nothing in the file can be read, so the app takes the safe side: the demo is hidden, production chosen.
      const keyNeeded = page.locator('section[aria-labelledby="key-needed-title"]');
      await expect(keyNeeded.locator('h2')).toHaveText(
        say('key.missingTitle', { environment: say('environmentName.production') }),
      );
      await expect(page.locator('.notice')).toHaveCount(1);
      // The file's name and the JSON parser's words are the notice's values, shown as they are.
      await stop('first run, no key yet, and a notice', ['policy.json', 'Unexpected end of JSON input']);
    });
  }
});

test.describe('a machine set up by the shop’s IT', () => {
  test.use({
    policy: { environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true } }, hideDemo: false },
  });

  for (const locale of LOCALES) {
    test(`Settings shows the address IT manages, in ${locale}`, async ({ petstore }, testInfo) => {
      test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.policyPath);
      const { page } = petstore;
      const { say, nav, showSettingsOf, stop } = await startTour(petstore, locale);
      await nav('settings');
      await showSettingsOf('production');
      await expect(page.locator('#url-production')).toHaveAttribute('readonly', '');
      await expect(page.locator('#url-production-message')).toHaveText(say('environment.managedAddress'));
      await expect(page.locator('ul.chooser')).toContainText(say('settings.managed'));
      await stop('settings, an address managed by the organisation', SETTINGS_DATA);
    });
  }
});
