import { expect, test } from './fixtures';
import { screens } from './support/screens';

// A clerk looks an animal up by id while the service is down: the app answers from the catalogue on this computer and
// says the service could not be reached, and when. The service comes back and the header says Online; the clerk,
// still on the lookup, reads under the animal what was true when it was asked, not "the service cannot be reached".

test('a lookup answered offline says in the past that the service could not be reached, true once the header says Online', async ({
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
  // Said in the past, and when: it stays true once the service is back.
  await expect(source).toContainText(/the service could not be reached at \d{2}:\d{2},/);
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await expect(page.getByRole('main').getByText('Pepper', { exact: true }).last()).toBeVisible();
  await expect(source, 'the lookup agrees with the header').not.toContainText('the service cannot be reached', {
    timeout: 10_000,
  });
});
