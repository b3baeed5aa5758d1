import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
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

/** Electron's binary, found the way the electron package finds it, without importing it (that would download it). */
function electronBinary(): string | undefined {
  const packageDir = resolve(import.meta.dirname, 'node_modules/electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const executablePath = chromiumPath();
const electronPath = electronBinary();

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
  },
  projects,
});
