import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { configureEnvironment, screens } from './support/screens';
import { startStricterService } from './support/stricter-service';

// The reply to "Send again" is held back in the preview, so the outbox's "sent" event overtakes it.
test.use({ replyDelayMs: { retryOutboxItem: 1_500 } });

test('a late reply never puts an older outbox on screen: "Send again" shows Sent with the id, no reload', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
  const { page, service } = petstore;
  const ui = screens(page);
  const stricter = await startStricterService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', stricter.url, service.apiKey);
    // The add is created but its answer is lost, and the key is not echoed: it waits as "needs your check".
    stricter.failNextAdd();
    await ui.nav('Animals').click();
    const form = await ui.openAddForm();
    await form.name.fill('Raced');
    await form.category.fill('2');
    await form.name.press('Enter');
    // It needs the clerk's check, said beside the form; the drawer holds it with its actions.
    await expect(page.getByText(/Raced/).first()).toBeVisible();
    await ui.openOutbox();
    const item = ui.outbox().getByRole('listitem').filter({ hasText: 'Raced' });
    await expect(item.getByRole('button', { name: 'Send again: Raced' })).toBeVisible();

    const lateReply = page.waitForResponse((response) => response.url().endsWith('/ipc/retryOutboxItem'));
    await item.getByRole('button', { name: 'Send again: Raced' }).click();
    const sent = ui.outbox().getByRole('list', { name: 'Sent' }).getByRole('listitem').filter({ hasText: 'Raced' });
    await expect(sent.last()).toContainText(/Sent — id \d+/);
    // The held-back reply arrives now, and the page has a frame to take it in; the screen must not step back to
    // "Sending" then.
    await (await lateReply).finished();
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    await expect(sent.last()).toContainText(/Sent — id \d+/);
    await expect(ui.outbox().getByText('Sending…')).toHaveCount(0);
  } finally {
    await stricter.close();
  }
});
