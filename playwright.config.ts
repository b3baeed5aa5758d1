import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { findElectronBinary } from './build/scripts/electron-binary.mjs';
import type { PetstoreOptions } from './e2e/fixtures';

/**
 * Debian's Chromium by default (this project never downloads a browser);
 * CHROMIUM_PATH points elsewhere (macOS, Windows), and without either the
 * browser Playwright bundles is used.
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

const executablePath = chromiumPath();
// The same lookup `npm start` uses: never imports 'electron', which would try to download it.
const electronPath = findElectronBinary(import.meta.dirname);

const projects = [
  {
    name: 'chromium',
    use: {
      browserName: 'chromium' as const,
      launchOptions: {
        ...(executablePath && { executablePath }),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    },
  },
  ...(electronPath ? [{ name: 'electron', use: { electronPath } }] : []),
];

export default defineConfig<PetstoreOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 860 },
    // The specs read English; a machine set to another language must not change what they see.
    locale: 'en-US',
  },
  projects,
});
