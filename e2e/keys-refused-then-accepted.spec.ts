/**
 * The service refuses the counter's key for a while (IT restarted it with a wrong key list), then accepts it again:
 * the header notices both by itself, and the Animals screen stops asking for a key with nobody touching the counter.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { screens } from './support/screens';
import { startServer, type RunningServer } from '../src/server';

/** The shop's service started again on its port and data (the port may take a moment to be free). */
async function serveAt(port: number, dbPath: string, apiKeys: string[]): Promise<RunningServer> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await startServer({ port, dbPath, apiKeys, seed: 'demo' });
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

test('a key refused for a while and accepted again: every part of the screen says so, with no click', async ({
  petstore,
}) => {
  const { page, service, dataDir } = petstore;
  const ui = screens(page);
  await expect(ui.connection()).toHaveText('Online');
  await expect(ui.rows().first()).toBeVisible();
  const port = Number(new URL(service.url).port);
  const dbPath = join(dataDir, 'shop.db');

  // IT restarts the shop's service with a wrong list of keys: this counter's key is refused.
  await service.stop();
  let running = await serveAt(port, dbPath, ['another-counters-key-0123456789']);
  try {
    await ui.refresh().click();
    await expect(ui.connection()).toHaveText(/^Key refused/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: /refused/i })).toBeVisible();
    await petstore.snap('the key refused: the Animals screen asks for a valid key');

    // IT puts the key list right; nobody touches the counter.
    await running.close();
    running = await serveAt(port, dbPath, [service.apiKey]);
    await expect(ui.connection()).toHaveText(/^Online/, { timeout: 15_000 });
    await expect(
      page.getByRole('heading', { name: /refused/i }),
      'no "key refused" while the header says Online',
    ).toHaveCount(0);
    await expect(ui.rows().first()).toBeVisible();
    await petstore.snap('the key accepted again: the list is back by itself');
  } finally {
    await running.close();
  }
});
