import { createServer, type Socket } from 'node:net';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { withCopyAge } from './support/catalogue-text';
import { configureEnvironment, screens } from './support/screens';

test('outbox: three animals queued offline, one discarded, one edited; the service back, the two left are sent once each', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
  const { page, service } = petstore;
  const ui = screens(page);
  const form = ui.addForm();
  const outbox = ui.outbox();
  const item = (name: string) => outbox.getByRole('listitem').filter({ hasText: name });
  await expect(ui.rows().first()).toBeVisible();

  await service.stop();
  await ui.addButton().click();
  for (const name of ['Ada', 'Bea', 'Cid']) {
    await form.name.fill(name);
    await form.category.fill('Fish');
    await form.name.press('Enter');
    // Said once, as a brief toast a screen reader hears.
    await expect(page.getByRole('status').filter({ hasText: name })).toContainText(
      `Saved, will be sent later: ${name}`,
    );
  }
  await expect(ui.connection()).toHaveText(withCopyAge('3 waiting'));
  await expect(ui.connection()).toHaveAttribute('title', /3 animals waiting to be sent/);

  await ui.openOutbox();
  await expect(item('Cid')).toContainText('Waiting to be sent');
  // Categories by the clerk's names, as in the list.
  await expect(item('Cid')).toContainText('Fish (4)');
  // Discard asks first, beside the buttons a slip of the hand would have missed: "Keep" leaves Bea waiting.
  await outbox.getByRole('button', { name: 'Discard Bea' }).click();
  await expect(item('Bea')).toContainText('Discard Bea? It will not be sent.');
  // Focus goes to the safe answer, and back to Discard after it: never lost to the page.
  await expect(outbox.getByRole('button', { name: 'Keep Bea' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(outbox.getByRole('button', { name: 'Discard Bea' })).toBeFocused();
  await expect(item('Bea')).toContainText('Waiting to be sent');
  // The outbox keeps trying each waiting animal while the service is away; a "Yes" pressed during a try waits for it,
  // and Bea, never created, is discarded.
  await outbox.getByRole('button', { name: 'Discard Bea' }).click();
  await outbox.getByRole('button', { name: 'Yes, discard Bea' }).click();
  await expect(item('Bea')).toHaveCount(0, { timeout: 10_000 });
  await outbox.getByRole('button', { name: 'Edit Cid' }).click();
  // The add form's fields: the name, the category by name, the status in words.
  await outbox.getByLabel('Name').fill('Cid the second');
  await expect(outbox.getByLabel('Category')).toHaveValue('Fish (4)');
  await outbox.getByLabel('Category').fill('Birds');
  await outbox.getByLabel('Status').selectOption({ label: 'Pending' });
  // Saved while that animal is being tried, the change waits for the try, and is taken: nothing was created.
  await outbox.getByRole('button', { name: 'Save' }).click();
  await expect(item('Cid the second')).toContainText('Waiting to be sent', { timeout: 10_000 });
  await expect(item('Cid the second')).toContainText('Birds (3)');
  await expect(ui.connection()).toHaveText(withCopyAge('2 waiting'));
  await petstore.snap('outbox, two waiting after a discard and an edit');
  await outbox.getByRole('button', { name: 'Close' }).click();
  await expect(outbox).toBeHidden();

  // Switching environment with animals waiting asks first; "Cancel" stays.
  let warning = '';
  page.once('dialog', (dialog) => {
    warning = dialog.message();
    void dialog.dismiss();
  });
  await ui.environment().selectOption('staging');
  expect(warning).toContain('2 animals are not sent yet');
  await expect(ui.environment()).toHaveValue('demo');
  await expect(ui.band()).toHaveText(/DEMO/);

  const before = service.url;
  const url = await service.start();
  if (url !== before) {
    await configureEnvironment(page, 'Demo (local)', url, service.apiKey);
    await ui.nav('Animals').click();
  }
  // The outbox probes at least every 10 s while animals wait; then both go at once.
  await ui.openOutbox();
  const sent = outbox.getByRole('list', { name: 'Sent' });
  await expect(sent.getByRole('listitem').filter({ hasText: 'Ada' })).toContainText(/Sent — id \d+/, {
    timeout: 12_000,
  });
  await expect(sent.getByRole('listitem').filter({ hasText: 'Cid the second' })).toContainText(/Sent — id \d+/, {
    timeout: 2_000,
  });
  await expect(page.getByText(/Sent — Cid the second now has id \d+\./)).toBeVisible();
  await expect(ui.connection()).toHaveText('Online');
  await petstore.snap('outbox, both sent with their ids');

  const pets = await service.pets();
  const names = pets.map((pet) => pet.name).filter((name) => ['Ada', 'Bea', 'Cid', 'Cid the second'].includes(name));
  expect(names.sort()).toEqual(['Ada', 'Cid the second']);
  expect(pets.find((pet) => pet.name === 'Cid the second')).toMatchObject({ categoryId: '3', status: 'pending' });
});

test('a try under way keeps the animal’s buttons and the clerk’s focus: Discard still asks, Keep gives the focus back, and Edit opens at once — a try that ends in doubt meanwhile is checked before any change is saved', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const form = ui.addForm();
  const outbox = ui.outbox();
  await expect(ui.rows().first()).toBeVisible();

  await service.stop();
  await ui.addButton().click();
  await form.name.fill('Ada');
  await form.category.fill('Fish');
  await form.name.press('Enter');
  await expect(ui.connection()).toHaveText(withCopyAge('1 waiting'));
  // The service's address now takes the connection and never answers: the next try of Ada hangs until its
  // 10 s timeout, long enough to act on the row while it is being sent.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((listening) => silent.listen(Number(new URL(service.url).port), '127.0.0.1', listening));
  try {
    await ui.openOutbox();
    // The clerk is on Discard when the try begins: the focus stays on it, and it still asks.
    await outbox.getByRole('button', { name: 'Discard Ada' }).focus();
    const ada = outbox.locator('li[data-state="sending"]').filter({ hasText: 'Ada' });
    await expect(ada).toContainText('Sending…', { timeout: 20_000 });
    await expect(ada.getByRole('button', { name: 'Send now: Ada' })).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(outbox.getByRole('button', { name: 'Keep Ada' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(outbox.getByRole('button', { name: 'Discard Ada' })).toBeFocused();

    // Edit opens mid-try. The try ends with no answer while the clerk types: Ada may exist, so Save asks for the
    // check instead of sending a changed copy (a second animal).
    await ada.getByRole('button', { name: 'Edit Ada' }).press('Enter');
    await expect(outbox.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type(' Lovelace');
    const row = outbox.locator('li').filter({ hasText: 'Ada' });
    await expect(row).toHaveAttribute('data-check', 'needs_check', { timeout: 20_000 });
    await page.keyboard.press('Enter');
    await expect(row.getByRole('alert')).toHaveText(
      'This animal may already have been added: check it first. If it was not created, change it then.',
    );
    await expect(outbox.getByRole('form')).toHaveCount(0);
    await expect(row).not.toContainText('Lovelace');
    // It waits for the check, said once: the timeout's own advice ("check the list before adding it again") is not
    // repeated under it.
    await expect(row.locator('.state').first()).toHaveText('Needs your check: it may already have been added.');
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((closed) => silent.close(closed));
  }
});
