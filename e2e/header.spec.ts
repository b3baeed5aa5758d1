import { expect, test } from './fixtures';
import { withCopyAge } from './support/catalogue-text';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test('the header says what is known of the environment in use, and nothing more', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await expect(ui.connection()).toHaveText('Online');

  // No key: not a green "Online" before anything was asked.
  await ui.environment().selectOption('production');
  await expect(ui.connection()).toHaveText('No API key');
  await everyLook(petstore, 'header, production without a key');

  // A host name that does not exist is a wrong address, not "Offline".
  const staging = await ui.openSettingsOf('Staging');
  await ui.addressField('Staging').fill('https://no-such-host.invalid/v1');
  await staging.getByRole('button', { name: 'Save address' }).click();
  await ui.keyField('Staging').fill('a-key-for-staging');
  await staging.getByRole('button', { name: 'Test and save' }).click();
  await expect(staging.getByText(/^Not saved: The service address could not be found/)).toBeVisible();
  await staging.getByRole('button', { name: 'Save anyway' }).click();
  await expect(staging.getByText('Key saved for Staging without a working test.')).toBeVisible();
  await ui.environment().selectOption('staging');
  await ui.nav('Animals').click();
  await expect(ui.connection()).toHaveText('Address not found');
  await expect(ui.connection()).toHaveAttribute('title', 'Service error: the address was not found');
  await everyLook(petstore, 'header, staging at a wrong address');

  // The demo service stops while the network works: "Service unreachable", not "Offline", with the copy of the shop.
  await ui.environment().selectOption('demo');
  await expect(ui.connection()).toHaveText('Online');
  await service.stop();
  await ui.refresh().click();
  // Under its words, without hovering, how old the copy of the shop on screen is.
  await expect(ui.connection()).toHaveText(withCopyAge('Service unreachable'));
  await expect(ui.connection().getByText(/^Copy from \d\d:\d\d$/)).toBeVisible();
  // The whole state is the badge's tooltip, with the copy's age too.
  await expect(ui.connection()).toHaveAttribute(
    'title',
    /^Service unreachable: the network works, but the service does not answer · Copy from \d\d:\d\d$/,
  );
});
