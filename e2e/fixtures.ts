import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, test as base, expect, type Browser, type Page } from '@playwright/test';
import keytar from 'keytar';
import { startPreview, type PreviewOptions as RunningPreviewOptions, type RunningPreview } from './preview/server';
import type { PolicyDocument } from '../src/main/core/policy';
import type { PolicyRead } from '../src/main/core/policy-read';
import { ReferenceService } from './support/reference-service';

const ROOT = resolve(import.meta.dirname, '..');

export interface PetstoreOptions {
  /** Set by the electron project: the same specs then drive the Electron window. */
  electronPath: string | undefined;
  /** Start the core's clock here (epoch ms); the browser project only, the shell has no clock to inject. */
  appClock: number | undefined;
  /** Store the demo service's key before the app opens (a set-up counter); false for a first run. */
  demoKey: boolean;
  /** Hold these methods' replies back (ms) in the preview, so they race the events (browser project only). */
  replyDelayMs: RunningPreviewOptions['replyDelayMs'];
  /**
   * The machine policy IT would install, or the file as the shell read it (a broken one, with its notice);
   * browser project only: the shell reads a fixed system path.
   */
  policy: PolicyDocument | PolicyRead | undefined;
}

export interface PetstoreApp {
  page: Page;
  /** The demo environment's service. */
  service: ReferenceService;
  dataDir: string;
  keychainService: string;
  /** The web preview and its core (browser project only). */
  preview: RunningPreview | undefined;
  /** Attaches a screenshot of the current screen to the report. */
  snap(name: string): Promise<void>;
  /** Moves the core's clock forward (browser project only; the Electron shell has no clock to inject). */
  advanceClock(ms: number): void;
}

/**
 * Why a test cannot run under Electron, one reason each, for
 * `test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog)`.
 */
export const ELECTRON_CANNOT = {
  // The shell saves an export through the native save dialog, which Playwright cannot answer; the preview downloads it.
  exportDialog: 'the shell saves an export through a native dialog',
  // Moving the demo to another origin asks in a native dialog whether its key may follow, which Playwright cannot
  // answer; the preview has no such dialog and asks for the key again.
  keyFollowDialog: 'moving the demo to another origin asks in a native dialog',
  // The shell reads the policy from the machine-wide path (/etc/petstore-counter/policy.json), which a test cannot
  // write without root; the preview takes it from the `policy` option.
  policyPath: 'the shell reads the policy from a fixed system path',
  // Only the preview's core takes an injected clock (`appClock`, `advanceClock`); the shell has none to move.
  coreClock: 'needs the core’s clock, which only the preview can inject',
  // Only the preview can hold a reply back (`replyDelayMs`); Electron's IPC has no such hook.
  replyDelay: 'the reply is delayed by the web preview',
} as const;

async function removeKeys(keychainService: string): Promise<void> {
  for (const { account } of await keytar.findCredentials(keychainService)) {
    await keytar.deletePassword(keychainService, account);
  }
}

export const test = base.extend<PetstoreOptions & { petstore: PetstoreApp }, { chromium: () => Promise<Browser> }>({
  electronPath: [undefined, { option: true }],
  appClock: [undefined, { option: true }],
  demoKey: [true, { option: true }],
  replyDelayMs: [undefined, { option: true }],
  policy: [undefined, { option: true }],

  // Launched on first use only: the electron project must not start a Chromium (CI runners have none to start).
  chromium: [
    async ({ playwright, launchOptions }, use) => {
      let browser: Browser | undefined;
      await use(async () => (browser ??= await playwright.chromium.launch(launchOptions)));
      await browser?.close();
    },
    { scope: 'worker' },
  ],

  petstore: async ({ chromium, electronPath, appClock, demoKey, replyDelayMs, policy }, use, testInfo) => {
    // A fresh data folder, keychain entry and service for every test.
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
    const keychainService = `Petstore Counter e2e ${randomUUID()}`;
    let clockOffset = 0;
    const startAt = Date.now();
    const clockStart = appClock ?? startAt;
    const now = () => clockStart + clockOffset + (Date.now() - startAt);
    // A test that sets the app's clock sets the service's too: the lookup's removal date is judged by the service's.
    const service = new ReferenceService(join(dataDir, 'demo.db'), 'demo', appClock === undefined ? undefined : now);
    await service.start();

    let page: Page;
    let preview: RunningPreview | undefined;
    let closeApp: () => Promise<void>;
    if (electronPath) {
      const app = await _electron.launch({
        executablePath: electronPath,
        args: [join(ROOT, 'out/main/index.js')],
        env: {
          ...process.env,
          PETSTORE_DEMO_URL: service.url,
          ...(demoKey && { PETSTORE_DEMO_KEY: service.apiKey }),
          PETSTORE_USER_DATA_DIR: join(dataDir, 'app'),
          PETSTORE_KEYCHAIN_SERVICE: keychainService,
        },
      });
      page = await app.firstWindow();
      closeApp = () => app.close();
    } else {
      preview = await startPreview({
        dataDir: join(dataDir, 'app'),
        petstoreUrl: service.url,
        ...(demoKey && { petstoreKey: service.apiKey }),
        keychainService,
        ...(replyDelayMs && { replyDelayMs }),
        ...(policy && { policy: 'path' in policy ? policy : { path: 'policy.json', policy } }),
        now,
        logger: { debug: () => {}, info: () => {}, warn: () => {}, error: console.error },
      });
      const context = await (await chromium()).newContext({ colorScheme: 'light' });
      page = await context.newPage();
      await page.goto(preview.url);
      const running = preview;
      closeApp = async () => {
        await context.close();
        await running.close();
      };
    }

    // The renderer runs under a strict CSP: any violation (an inline style, say) fails the test.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));

    const snap = async (name: string) => {
      await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    };

    try {
      const advanceClock = (ms: number) => {
        if (electronPath) throw new Error('The Electron shell has no injectable clock');
        clockOffset += ms;
      };
      await use({ page, service, dataDir, keychainService, preview, snap, advanceClock });
      expect(violations, 'no CSP violation or uncaught error in the page').toEqual([]);
    } finally {
      await closeApp();
      await service.stop();
      await removeKeys(keychainService);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
