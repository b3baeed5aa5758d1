import { expect, test } from './fixtures';
import { screens } from './support/screens';

// A clerk looks an animal up by id while the service is down: the app answers from the catalogue on this computer and
// says "the service cannot be reached". The service comes back; the header says Online, and the clerk, still on the
// lookup, reads "the service cannot be reached" under the animal: two screens, two truths. Whatever the screen says of
// the service should be what the header says now (or be said as of then: "could not be reached at 09:14").

test('a lookup answered offline stops saying the service cannot be reached once the header says Online', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });

  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id', { exact: true });
  await id.fill('3');
  await id.press('Enter');
  const source = page.getByTestId('lookup-source');
  await expect(source).toContainText('the service cannot be reached');
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/rev21s/review21-lookup-back-online.png' });
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();
  await expect(source, 'the lookup agrees with the header').not.toContainText('the service cannot be reached', {
    timeout: 10_000,
  });
});
