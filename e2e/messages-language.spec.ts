import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { words } from './support/catalogue-text';
import { configureEnvironment, onTheList, openAdministration } from './support/screens';
import { startStricterService } from './support/stricter-service';

// A refusal on screen is worded as it is drawn: the add form's error line and Settings' messages, up while the clerk
// switches language, read in the new one with the rest of the screen.
test('the add form’s error line and Settings’ refusals follow the clerk’s switch to German', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
  const { page, service } = petstore;
  const [en, de] = [words('en'), words('de')];
  const ui = await onTheList(page);
  // The demo behind a deployment that refuses names mentioning holidays in its own words.
  const stricter = await startStricterService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', stricter.url, service.apiKey);
    await ui.nav('Animals').click();
    const form = await ui.openAddForm();
    await form.name.fill('Holiday Hamster');
    await form.category.fill('1');
    await form.name.press('Enter');
    const refusal = (say: typeof en) =>
      `${say('error.values_refused')} ${say('error.serviceSaid', { words: 'Names must not mention holidays here' })}`;
    const errorLine = page.locator('#add-outcome .error-line');
    await expect(errorLine).toHaveText(refusal(en));

    await ui.nav('Settings').click();
    await page.getByLabel('New category id').fill('9');
    await page.getByLabel('New category name').fill('cäts');
    await page.getByRole('button', { name: 'Add category' }).click();
    const categoryMessage = page.locator('#new-category-label-message');
    await expect(categoryMessage).toHaveText(en('field.label_taken'));
    await openAdministration(page);
    await page.getByRole('button', { name: en('environment.testAndSave'), exact: true }).click();
    const keyMessage = page.locator('#key-demo-message');
    await expect(keyMessage).toHaveText(en('environment.keyFirst'));

    await page.getByLabel(en('settings.language'), { exact: true }).selectOption('de');
    await expect(page.getByRole('heading', { name: de('settings.title'), exact: true })).toBeVisible();
    await expect(categoryMessage).toHaveText(de('field.label_taken'));
    await expect(keyMessage).toHaveText(de('environment.keyFirst'));
    await page
      .getByRole('navigation')
      .getByRole('button', { name: de('nav.animals'), exact: true })
      .click();
    await expect(errorLine).toHaveText(refusal(de));
  } finally {
    await stricter.close();
  }
});
