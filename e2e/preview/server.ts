import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import keytar from 'keytar';
import {
  createCore,
  consoleLogger,
  loadEnvironmentDefaults,
  lockDataFolder,
  type Core,
  type Logger,
  type PolicyRead,
} from '../../src/main/core';
import { describeError, type PolicyLanguage } from '../../src/shared';
import { useDemoService } from '../../src/main/core/demo-setup';
import { redactingLogger } from '../../src/main/core/logger';
import type { RunningServer } from '../../src/server';
import { startDemoService } from './demo-port';
import { send } from './http';
import { handleRequest, type PageStream, type RouteContext } from './routes';

const ROOT = resolve(import.meta.dirname, '../..');

/** The preview's own keychain entry: it never reads or writes the installed app's ('Petstore Counter'). */
export const PREVIEW_KEYCHAIN_SERVICE = 'Petstore Counter web preview';

export interface PreviewOptions {
  /** Folder for the core's settings, cache and outbox (and the demo database, its key file and port). */
  dataDir: string;
  /** A running Petstore service (base URL with /v1). Without it, the embedded reference service starts. */
  petstoreUrl?: string;
  /** Its API key, stored for the demo environment; without it the app asks for one. */
  petstoreKey?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Keychain entry name; tests pass a unique one and remove its keys afterwards. */
  keychainService?: string;
  /** Injected clock for the core (epoch ms), e.g. past the lookup's removal date. */
  now?: () => number;
  /** Select the demo environment when the chosen one has no key (a first run). Default true. */
  selectDemoOnFirstRun?: boolean;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  logger?: Logger;
  /** A policy file read as the shell reads the machine's (`readPolicy`); none by default. */
  policy?: PolicyRead;
  /** Tests only: hold these methods' replies back (ms), so a reply arrives after newer events. */
  replyDelayMs?: RouteContext['replyDelayMs'];
}

export interface RunningPreview {
  /** The address to open, token included. */
  url: string;
  origin: string;
  token: string;
  core: Core;
  /** The language the page last reported (the shell would word its dialogs in it); none before it does. */
  reportedLanguage(): PolicyLanguage | undefined;
  /** The embedded reference service, when the preview started it. */
  service?: RunningServer;
  close(): Promise<void>;
}

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function startCoreWithDemo(options: PreviewOptions, logger: Logger) {
  const environmentsFile = join(ROOT, 'resources/environments.json');
  // The embedded service keeps its database, key file and port in the data folder, so all survive a restart.
  const service = options.petstoreUrl ? undefined : await startDemoService(options.dataDir);
  let reportedLanguage: PolicyLanguage | undefined;
  const core = await createCore({
    dataDir: options.dataDir,
    onLanguage: (language) => {
      reportedLanguage = language;
    },
    fetch: globalThis.fetch,
    secrets: keytar,
    logger,
    appVersion: appVersion(),
    keychainService: options.keychainService ?? PREVIEW_KEYCHAIN_SERVICE,
    ...(options.now && { now: options.now }),
    ...(options.policy && { policy: options.policy }),
    ...(existsSync(environmentsFile) && { environmentDefaults: loadEnvironmentDefaults(environmentsFile) }),
  });
  const baseUrl = options.petstoreUrl ?? service?.url;
  const apiKey = options.petstoreKey ?? service?.apiKeys[0];
  const settings = baseUrl
    ? await useDemoService(
        core,
        { baseUrl, ...(apiKey && { apiKey }) },
        { selectOnFirstRun: options.selectDemoOnFirstRun ?? true },
      )
    : undefined;
  if (settings && !settings.ok) {
    await core.close();
    await service?.close();
    throw new Error(describeError(settings.error));
  }
  return { core, service, apiKey, reportedLanguage: () => reportedLanguage };
}

/**
 * The app in a browser: the real core (real files in `dataDir`, the real
 * keychain under a name of its own) behind a loopback HTTP bridge, serving
 * the built renderer with a `window.petstore` that speaks the IPC contract
 * over HTTP. The shell's policy (CSP, static files, content types, demo
 * set-up) comes from the same modules the Electron shell uses.
 */
export async function startPreview(options: PreviewOptions): Promise<RunningPreview> {
  const rendererDir = resolve(options.rendererDir ?? join(ROOT, 'out/renderer'));
  const indexFile = join(rendererDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run \`npm run build\` first.`);
  const claim = await lockDataFolder(options.dataDir, 'the Petstore Counter web preview');
  if (!claim.ok) {
    const { by, pid } = claim.holder;
    throw new Error(
      `The data folder ${resolve(options.dataDir)} is in use by ${by} (process ${pid}): stop it, or choose another --data-dir.`,
    );
  }
  const secrets = new Set<string>();
  const logger = redactingLogger(options.logger ?? consoleLogger, () => secrets);
  const started = await startCoreWithDemo(options, logger).catch(async (error: unknown) => {
    await claim.lock.release();
    throw error;
  });
  const { core, service, apiKey, reportedLanguage } = started;
  if (apiKey) secrets.add(apiKey);

  const token = randomBytes(32).toString('base64url');
  secrets.add(token);
  const streams = new Set<ServerResponse>();
  let port = 0;
  const context = {
    core,
    token,
    rendererDir,
    port: () => port,
    streams,
    pageStreams: new Map<string, PageStream>(),
    replyDelayMs: options.replyDelayMs,
  };

  const server = createServer((request, response) => {
    handleRequest(context, request, response).catch((error: unknown) => {
      logger.error('preview: request failed', error);
      if (!response.headersSent) send(response, 500, 'Preview error');
      else response.end();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolveListen();
    });
  }).catch(async (error: unknown) => {
    // A port in use: nothing of this start stays behind, the folder's lock included.
    await core.close();
    await service?.close();
    await claim.lock.release();
    throw error;
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    reportedLanguage,
    ...(service && { service }),
    close: () =>
      (closing ??= (async () => {
        for (const stream of streams) stream.end();
        for (const page of context.pageStreams.values()) page.close();
        server.closeAllConnections();
        await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        try {
          await core.close();
          await service?.close();
        } finally {
          await claim.lock.release();
        }
      })()),
  };
}
