import { expect, test } from './fixtures';
import { withCopyAge } from './support/catalogue-text';
import { everyLook } from './support/looks';
import { onTheList, screens } from './support/screens';
import { startTour } from './support/tour';

test.describe('a first run', () => {
  test('with no key for the chosen environment the app says so, leads to the key entry, and the demo works at once', async ({
    petstore,
  }) => {
    const { page } = petstore;
    const ui = await onTheList(page);
    await ui.environment().selectOption('production');
    await expect(ui.band()).toHaveText('LIVE');
    await expect(page.getByRole('heading', { name: 'No API key for Production yet' })).toBeVisible();
    await petstore.snap('first run, no key');

    await page.getByRole('button', { name: 'Enter the API key' }).click();
    await expect(ui.keyField('Production')).toBeFocused();
    await expect(ui.keyField('Production')).toHaveAttribute('type', 'password');

    await ui.nav('Animals').click();
    await page.getByRole('button', { name: 'Use the demo environment instead' }).click();
    await expect(ui.band()).toHaveText('DEMO');
    await expect(ui.rows().first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /No API key/ })).toHaveCount(0);
  });
});

test.describe('a first run against a service whose key is not stored yet', () => {
  test.use({ demoKey: false });

  test('the key is entered masked, stored, tested, never shown again, and can be removed', async ({ petstore }) => {
    const { page, service } = petstore;
    const ui = screens(page);
    await expect(page.getByRole('heading', { name: 'No API key for Demo (local) yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Enter the API key' }).click();
    const field = ui.keyField('Demo (local)');
    await expect(field).toBeFocused();
    await page.keyboard.type(service.apiKey);
    await page.keyboard.press('Enter');

    const section = ui.settingsFor('Demo (local)');
    await expect(section.getByText(/^The key works \(answered in \d+ ms\) and is saved\.$/)).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(section.getByText('An API key is stored in the system keychain. It is never shown.')).toBeVisible();
    await section.getByRole('button', { name: 'Test the stored key' }).click();
    await expect(section.getByText(/^Connected — the service answered in \d+ ms\.$/)).toBeVisible();
    await petstore.snap('settings, key stored');
    expect(await page.content()).not.toContain(service.apiKey);

    await ui.nav('Animals').click();
    await expect(ui.rows().first()).toBeVisible();

    await ui.nav('Settings').click();
    // Removing asks first; "Keep the key" changes nothing.
    await section.getByRole('button', { name: 'Remove key…' }).click();
    await expect(section.getByRole('alertdialog')).toContainText('Remove the API key for Demo (local)?');
    await petstore.snap('settings, removing the key asks first');
    await section.getByRole('button', { name: 'Keep the key' }).click();
    await expect(section.getByText('An API key is stored in the system keychain. It is never shown.')).toBeVisible();
    await section.getByRole('button', { name: 'Remove key…' }).click();
    await section.getByRole('button', { name: 'Remove the key' }).click();
    await expect(section.getByText('No API key stored.')).toBeVisible();
    await ui.nav('Animals').click();
    await ui.refresh().click();
    await expect(page.getByRole('heading', { name: 'No API key for Demo (local) yet' })).toBeVisible();
  });
});

test('a wrong key: the service’s 401 leads to the key entry, and the right key brings the list back', async ({
  petstore,
}) => {
  // Four axe scans of Settings (two sizes, light and dark) on a shared machine.
  test.slow();
  const { page, service } = petstore;
  const ui = await onTheList(page);

  const section = await ui.openSettingsOf('Demo (local)');
  await ui.keyField('Demo (local)').fill('not-the-right-key');
  // The key is tried first: a refused key is not stored unless the clerk insists.
  await section.getByRole('button', { name: 'Test and save' }).click();
  await expect(section.getByText(/^Not saved: /)).toBeVisible();
  await everyLook(petstore, 'settings, a key that fails its test');
  await expect(section.getByText('An API key is stored in the system keychain. It is never shown.')).toBeVisible();
  // Typing again clears the old message.
  await ui.keyField('Demo (local)').press('End');
  await ui.keyField('Demo (local)').press('!');
  await expect(section.getByText(/^Not saved: /)).toHaveCount(0);
  await ui.keyField('Demo (local)').fill('not-the-right-key');
  await section.getByRole('button', { name: 'Test and save' }).click();
  await section.getByRole('button', { name: 'Save anyway' }).click();
  await expect(section.getByText('Key saved for Demo (local) without a working test.')).toBeVisible();
  await ui.nav('Animals').click();
  await ui.refresh().click();

  await expect(page.getByRole('heading', { name: 'The service refused the API key for Demo (local)' })).toBeVisible();
  await petstore.snap('wrong key, 401');
  await page.getByRole('button', { name: 'Enter the API key' }).click();
  await expect(ui.keyField('Demo (local)')).toBeFocused();
  await page.keyboard.type(service.apiKey);
  await page.keyboard.press('Enter');
  await expect(section.getByText(/^The key works \(answered in \d+ ms\) and is saved\.$/)).toBeVisible();

  await ui.nav('Animals').click();
  await expect(page.getByRole('heading', { name: /refused the API key/ })).toHaveCount(0);
  await expect(ui.rows().first()).toBeVisible();
});

test('a key the rule refuses is not tried: the field says why, and there is no "Save anyway"', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  const section = await ui.openSettingsOf('Demo (local)');
  for (const typed of ['with a space', 'clé-0123456789']) {
    await ui.keyField('Demo (local)').fill(typed);
    await section.getByRole('button', { name: 'Test and save' }).click();
    await expect(section.getByText('An API key has no spaces or special characters')).toBeVisible();
    await expect(section.getByText(/^Not saved: /)).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
    await expect(ui.keyField('Demo (local)')).toBeFocused();
  }
});

test('a key copied from elsewhere is pasted with the keyboard; there is no Paste button to fail', async ({
  petstore,
}, testInfo) => {
  // The key reaches the clipboard through the browser context's permissions, which Electron's window does not take.
  test.skip(testInfo.project.name !== 'chromium', 'the test puts the key on the clipboard through the browser context');
  const { page, service } = petstore;
  const ui = await onTheList(page);
  // The page itself may not read the clipboard (the shell denies clipboard-read); the test only writes to it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(service.apiKey)})`);

  const section = await ui.openSettingsOf('Demo (local)');
  await expect(section.getByRole('button', { name: 'Paste' })).toHaveCount(0);
  await ui.keyField('Demo (local)').focus();
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+v' : 'Control+v');
  await expect(ui.keyField('Demo (local)')).toHaveValue(service.apiKey);
  await page.keyboard.press('Enter');
  await expect(section.getByText(/^The key works \(answered in \d+ ms\) and is saved\.$/)).toBeVisible();
  await section.getByRole('button', { name: 'Test the stored key' }).click();
  await expect(section.getByText(/^Connected — the service answered in \d+ ms\.$/)).toBeVisible();
});

test('after a wrong key in the demo environment, Settings puts the demo key back', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  const section = await ui.openSettingsOf('Demo (local)');
  await ui.keyField('Demo (local)').fill('not-the-right-key');
  await section.getByRole('button', { name: 'Test and save' }).click();
  await section.getByRole('button', { name: 'Save anyway' }).click();
  await ui.nav('Animals').click();
  await ui.refresh().click();
  await expect(page.getByRole('heading', { name: 'The service refused the API key for Demo (local)' })).toBeVisible();
  // Said once: the banner's title and what to do (not the refusal again in other words); the badge names it in two,
  // over how old the copy of the shop on screen is.
  await expect(page.getByRole('alert').getByText(/refused/)).toHaveCount(1);
  await expect(ui.connection()).toHaveText(withCopyAge('Key refused'));

  await ui.nav('Settings').click();
  await page.getByRole('button', { name: 'Restore the demo key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The demo key is back in place.' })).toBeVisible();
  await ui.nav('Animals').click();
  await expect(ui.rows().first()).toBeVisible();
  await expect(ui.connection()).toHaveText('Online');
});

// "Schlüssel entfernen…" pressed by mistake at the keyboard: the next Tab must not land on the red answer, and Esc, her
// "no", keeps the key without leaving Settings, as the outbox's "Verwerfen" question does.
test('asked whether to remove the key, the clerk is on "Schlüssel behalten", and Esc keeps the key right there (de)', async ({
  petstore,
}) => {
  const { page } = petstore;
  const { say, nav, showSettingsOf } = await startTour(petstore, 'de');
  await nav('settings');
  await showSettingsOf('demo');
  const remove = page.getByRole('button', { name: say('environment.removeKey'), exact: true });
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(say('environment.removeQuestion', { environment: say('environmentName.demo') }));
  await expect(question.getByRole('button', { name: say('environment.keepKey'), exact: true })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('heading', { name: say('settings.title'), level: 2 })).toBeVisible();
  await expect(remove, 'the focus back on the button that asked').toBeFocused();
  await expect(page.getByText(say('environment.keyStored'))).toBeVisible();

  // Left open when she goes to the list, the question is not still asking on her return.
  await remove.click();
  await expect(question).toBeVisible();
  await nav('animals');
  await nav('settings');
  await expect(question).toHaveCount(0);
  await expect(remove).toBeVisible();

  // Her "yes": the key is gone, and the keyboard is on the key field, which says so, not lost on the page.
  await remove.click();
  await question.getByRole('button', { name: say('environment.removeConfirm'), exact: true }).click();
  const keyField = page.locator('#key-demo');
  await expect(keyField).toBeFocused();
  await expect(page.getByText(say('environment.noKeyStored'))).toBeVisible();
});
