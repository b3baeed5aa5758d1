/**
 * "Test and save" tries the key at the saved address. Setting up production, the shop's IT types the new address and
 * the key and presses "Test and save": the key must not go to the old host (the old provider's, or the shipped
 * placeholder), so it asks for the address to be saved first.
 */
import { expect, test } from './fixtures';
import { screens } from './support/screens';
import { sendJson, startFaultServer } from '../src/main/core/test-support';

test('the key typed under a new, unsaved address is sent to no other address: the address is saved first', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  // The old production host: it records what it gets, and takes no key.
  const old = await startFaultServer((_request, response) =>
    sendJson(response, 401, '{"code":"unauthorized","message":"Unknown key","status":401}'),
  );
  try {
    await expect(ui.rows().first()).toBeVisible();
    const section = await ui.openSettingsOf('Production');
    await ui.addressField('Production').fill(old.url);
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByText('Address saved.').waitFor();

    // Production moves to the new service: its address typed, then its key, then "Test and save".
    await ui.addressField('Production').fill(service.url);
    await ui.keyField('Production').fill(service.apiKey);
    await section.getByRole('button', { name: 'Test and save' }).click();
    await expect(section.getByText('Save the address first: the key is tested there.')).toBeVisible();
    await petstore.snap('after Test and save with the address not saved');
    const keyAtOldHost = old.requests.filter((request) => request.headers.authorization?.includes(service.apiKey));
    expect(keyAtOldHost.map((request) => `${request.method} ${request.url}`)).toEqual([]);

    // The address saved, the same key is tried there and kept.
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByText('Address saved.').waitFor();
    await section.getByRole('button', { name: 'Test and save' }).click();
    await expect(section.getByText(/^The key works/)).toBeVisible();
    expect(old.requests.filter((request) => request.headers.authorization?.includes(service.apiKey))).toEqual([]);
  } finally {
    await old.close();
  }
});
