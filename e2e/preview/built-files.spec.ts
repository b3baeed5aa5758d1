import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import keytar from 'keytar';
import { startPreview } from './server';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: console.error };
const KEYCHAIN = 'Petstore Counter web preview built-files test';

// The page's own files must not queue behind the core's file work (its stored catalogue, its saves): a counter
// starting on a large shop waited for its app's script while the core read the shop.
test('the app’s script is served while every file read of the preview’s process is still waiting', async ({
  browserName,
}, testInfo) => {
  // It drives the preview's code in Node, no window at all: once is enough, in the browser project.
  test.skip(browserName !== 'chromium' || testInfo.project.name !== 'chromium', 'a Node-only story');
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-preview-built-files-'));
  const preview = await startPreview({ dataDir, keychainService: KEYCHAIN, logger: quiet });
  const script = readdirSync(resolve(import.meta.dirname, '../../out/renderer/assets')).find(
    (file) => file.startsWith('index-') && file.endsWith('.js'),
  );
  // A pipe with no writer: each open of it holds one of the thread pool's threads until a writer comes.
  const pipe = join(dataDir, 'held');
  execFileSync('mkfifo', [pipe]);
  const held = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) }, () => open(pipe, 'r'));
  try {
    const answer = await Promise.race([
      fetch(`${preview.origin}/assets/${script ?? 'missing'}`).then((response) => response.status),
      sleep(15_000).then(() => 'still waiting'),
    ]);
    expect(answer).toBe(200);
  } finally {
    closeSync(openSync(pipe, 'w'));
    for (const handle of await Promise.all(held)) await handle.close();
    await preview.close();
    for (const { account } of await keytar.findCredentials(KEYCHAIN)) await keytar.deletePassword(KEYCHAIN, account);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
