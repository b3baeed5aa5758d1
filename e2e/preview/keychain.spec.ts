import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import keytar from 'keytar';
import { PREVIEW_KEYCHAIN_SERVICE, startPreview } from './server';

const INSTALLED_APP_SERVICE = 'Petstore Counter';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: console.error };

test('the preview keeps its keys under a keychain name of its own, never the installed app’s', async ({
  browserName,
}, testInfo) => {
  // It drives the preview's code in Node, no window at all: once is enough, in the browser project.
  test.skip(browserName !== 'chromium' || testInfo.project.name !== 'chromium', 'a Node-only story');
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-preview-keychain-'));
  // The installed app's entry for the same environment, as a shop's workstation would have it.
  await keytar.setPassword(INSTALLED_APP_SERVICE, 'demo', 'the-shop-s-real-key-0123456789');
  try {
    const preview = await startPreview({ dataDir, petstoreKey: 'preview-demo-key-0123456789', logger: quiet });
    await preview.close();
    expect(PREVIEW_KEYCHAIN_SERVICE).not.toBe(INSTALLED_APP_SERVICE);
    expect(await keytar.findCredentials(PREVIEW_KEYCHAIN_SERVICE)).not.toEqual([]);
    expect(JSON.stringify(await keytar.findCredentials(PREVIEW_KEYCHAIN_SERVICE))).not.toContain('the-shop-s-real-key');
    expect(await keytar.findCredentials(INSTALLED_APP_SERVICE)).toEqual([
      { account: 'demo', password: 'the-shop-s-real-key-0123456789' },
    ]);
  } finally {
    for (const service of [PREVIEW_KEYCHAIN_SERVICE, INSTALLED_APP_SERVICE]) {
      for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
