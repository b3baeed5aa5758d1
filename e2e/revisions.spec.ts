import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { configureEnvironment, screens } from './support/screens';

/**
 * A service that ignores Idempotency-Key (the key is not echoed) and whose
 * first add fails with a 500 after the animal was created: the add waits as
 * "needs your check", and only the clerk sends it again.
 */
async function forgetfulService(upstream: string) {
  let failNextAdd = true;
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${upstream}${(request.url ?? '/').replace(/^\/v1/, '')}`, {
        method: request.method ?? 'GET',
        headers: {
          authorization: request.headers.authorization ?? '',
          ...(request.headers['content-type'] && { 'content-type': request.headers['content-type'] }),
        },
        ...(body.length > 0 && { body }),
      });
      const text = await answer.text();
      if (request.method === 'POST' && failNextAdd) {
        failNextAdd = false;
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end('{"code":"internal_error","message":"Something broke","status":500}');
        return;
      }
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The reply to "Send again" is held back in the preview, so the outbox's "sent" event overtakes it.
test.use({ replyDelayMs: { retryOutboxItem: 1_500 } });

test('a late reply never puts an older outbox on screen: "Send again" shows Sent with the id, no reload', async ({
  petstore,
}, testInfo) => {
  // Only the preview can hold a reply back (`replyDelayMs`); Electron's IPC has no such hook.
  test.skip(testInfo.project.name === 'electron', 'the reply is delayed by the web preview');
  const { page, service } = petstore;
  const ui = screens(page);
  const forgetful = await forgetfulService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', forgetful.url, service.apiKey);
    await ui.nav('Animals').click();
    await ui.addButton().click();
    const form = ui.addForm();
    await form.name.fill('Raced');
    await form.category.fill('2');
    await form.name.press('Enter');
    const item = ui.outbox().getByRole('listitem').filter({ hasText: 'Raced' });
    await expect(item.getByRole('button', { name: 'Send again: Raced' })).toBeVisible();

    await item.getByRole('button', { name: 'Send again: Raced' }).click();
    const sent = ui.outbox().getByRole('list', { name: 'Sent' }).getByRole('listitem').filter({ hasText: 'Raced' });
    await expect(sent.last()).toContainText(/Sent — id \d+/);
    // The held-back reply arrives now; the screen must not step back to "Sending".
    await page.waitForTimeout(2_000);
    await expect(sent.last()).toContainText(/Sent — id \d+/);
    await expect(ui.outbox().getByText('Sending…')).toHaveCount(0);
  } finally {
    await forgetful.close();
  }
});
