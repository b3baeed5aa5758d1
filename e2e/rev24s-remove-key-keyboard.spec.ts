import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A clerk at the keyboard in Settings presses "Schlüssel entfernen…" by mistake. The question comes up — but the focus
// falls to the page, where the next Tab lands on the red "Schlüssel entfernen" itself; and Esc, the key she reaches for
// to say "no", takes her out of Settings to the list, the question left open for her return. The outbox's "Verwerfen"
// question does all this right.

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
  await page.screenshot({ path: '/tmp/rev24s/remove-key-question.png' });
  await expect
    .soft(question.getByRole('button', { name: say('environment.keepKey'), exact: true }), 'the safe answer focused')
    .toBeFocused();

  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/rev24s/remove-key-escape.png' });
  await expect
    .soft(page.getByRole('heading', { name: say('settings.title'), level: 2 }), 'still in Settings')
    .toBeVisible();
  await expect.soft(remove, 'the focus back on the button that asked').toBeFocused();
  await nav('settings');
  await showSettingsOf('demo');
  await page.screenshot({ path: '/tmp/rev24s/remove-key-back-in-settings.png' });
  await expect(question, 'Esc answered the question: it is not still asking').toHaveCount(0);
  await expect(page.getByText(say('environment.keyStored'))).toBeVisible();
});
