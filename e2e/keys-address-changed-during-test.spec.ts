/**
 * "Test and save" tries the key at the saved address, then stores it. Setting up production, IT types the key for the
 * shop's service and presses "Test and save"; the service is slow to answer, and meanwhile the address field is
 * changed and saved (another host: a typo, or the next shop's). The key was tried at, and entered for, the first
 * address: it must not be stored for the second one and sent there, when a stored key moved to another host is
 * always asked about first.
 */
import { expect, test } from './fixtures';
import { screens } from './support/screens';
import { sendJson, startFaultServer } from '../src/main/core/test-support';

test('a key tested at one address while the address is changed is not sent to the new one', async ({ petstore }) => {
  const { page } = petstore;
  const ui = screens(page);
  const key = 'shop-service-key-7d41c9e2';
  // The shop's service: it takes the key, slowly.
  const shop = await startFaultServer((_request, response) => {
    setTimeout(() => sendJson(response, 200, '[]'), 3_000);
  });
  // Another host: it records what it gets.
  const other = await startFaultServer((_request, response) => sendJson(response, 200, '[]'));
  try {
    await expect(ui.rows().first()).toBeVisible();
    const section = await ui.openSettingsOf('Production');
    await ui.addressField('Production').fill(shop.url);
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByText('Address saved.').waitFor();

    await ui.keyField('Production').fill(key);
    await section.getByRole('button', { name: 'Test and save' }).click();
    // While the shop's service takes its time, the address is changed and saved.
    await ui.addressField('Production').fill(other.url);
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByText('Address saved.').waitFor();
    await expect(section.getByText(/^The key works/)).toBeVisible({ timeout: 10_000 });
    await petstore.snap('after the test answered at the first address');

    // Whatever was said, the key goes to no other host: not on a check, not when the stored key is tested.
    const testStored = section.getByRole('button', { name: 'Test the stored key' });
    if (await testStored.isEnabled()) {
      await testStored.click();
      await expect(section.getByText(/^Connected|^The service|^No API key/).first()).toBeVisible();
    }
    expect(shop.requests.filter((request) => request.headers.authorization?.includes(key)).length).toBe(1);
    const keyElsewhere = other.requests.filter((request) => request.headers.authorization?.includes(key));
    expect(keyElsewhere.map((request) => `${request.method} ${request.url}`)).toEqual([]);
  } finally {
    await shop.close();
    await other.close();
  }
});
