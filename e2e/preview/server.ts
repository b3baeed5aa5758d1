import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import keytar from 'keytar';
import { createCore, consoleLogger, loadEnvironmentDefaults, type Core, type Logger } from '../../src/main/core';
import { startServer, type RunningServer } from '../../src/server';
import { IPC_EVENT_NAMES, IPC_METHODS, type IpcMethod } from '../../src/shared/ipc-contract';
import { isLoopbackHostHeader, isSameOrigin, tokenMatches } from './guard';

const ROOT = resolve(import.meta.dirname, '../..');
const BRIDGE_FILE = join(import.meta.dirname, 'bridge.js');
const MAX_BODY_BYTES = 1024 * 1024;

/** The same policy the Electron shell sends, plus `connect-src 'self'` for the HTTP bridge. */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface PreviewOptions {
  /** Folder for the core's settings, cache and outbox (and the demo database). */
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
}

export interface RunningPreview {
  /** The address to open, token included. */
  url: string;
  origin: string;
  token: string;
  core: Core;
  /** The embedded reference service, when the preview started it. */
  service?: RunningServer;
  close(): Promise<void>;
}

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function must<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>) {
  const answer = await result;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  type = 'text/plain; charset=utf-8',
): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  });
  response.end(body);
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The app in a browser: the real core (real files in `dataDir`, the real
 * keychain) behind a loopback HTTP bridge, serving the built renderer with a
 * `window.petstore` that speaks the IPC contract over HTTP.
 */
export async function startPreview(options: PreviewOptions): Promise<RunningPreview> {
  const rendererDir = resolve(options.rendererDir ?? join(ROOT, 'out/renderer'));
  const indexFile = join(rendererDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run \`npm run build\` first.`);
  const environmentsFile = join(ROOT, 'resources/environments.json');

  const service = options.petstoreUrl
    ? undefined
    : await startServer({ port: 0, dbPath: join(options.dataDir, 'demo.db'), seed: 'demo' });
  const core = await createCore({
    dataDir: options.dataDir,
    fetch: globalThis.fetch,
    secrets: keytar,
    logger: options.logger ?? consoleLogger,
    appVersion: appVersion(),
    ...(options.keychainService && { keychainService: options.keychainService }),
    ...(options.now && { now: options.now }),
    ...(existsSync(environmentsFile) && { environmentDefaults: loadEnvironmentDefaults(environmentsFile) }),
  });
  try {
    const demoUrl = options.petstoreUrl ?? service?.url;
    const demoKey = options.petstoreKey ?? service?.apiKeys[0];
    if (demoUrl) await must(core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: demoUrl }));
    if (demoKey) await must(core.invoke('setApiKey', { environmentId: 'demo', apiKey: demoKey }));
    const settings = await must(core.invoke('getSettings', {}));
    const selected = settings.environments.find((environment) => environment.id === settings.selected);
    if ((options.selectDemoOnFirstRun ?? true) && settings.selected !== 'demo' && !selected?.hasKey) {
      await must(core.invoke('selectEnvironment', { environmentId: 'demo' }));
    }
  } catch (error) {
    await core.close();
    await service?.close();
    throw error;
  }

  const token = randomBytes(32).toString('base64url');
  const streams = new Set<ServerResponse>();
  let port = 0;

  async function serveIndex(response: ServerResponse): Promise<void> {
    const html = await readFile(indexFile, 'utf8');
    const tag =
      `<script src="/preview-bridge.js" data-token="${token}" ` +
      `data-methods="${IPC_METHODS.join(',')}" data-events="${IPC_EVENT_NAMES.join(',')}"></script>`;
    // Before the renderer's module script, so window.petstore exists when the app starts.
    send(response, 200, html.replace('<head>', `<head>\n    ${tag}`), CONTENT_TYPES['.html']);
  }

  async function serveAsset(pathname: string, response: ServerResponse): Promise<void> {
    const file = resolve(rendererDir, `.${decodeURIComponent(pathname)}`);
    if (!file.startsWith(rendererDir + sep) || !existsSync(file)) return send(response, 404, 'Not found');
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    send(response, 200, await readFile(file), type);
  }

  async function serveIpc(method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!(IPC_METHODS as string[]).includes(method)) return send(response, 404, 'Unknown method');
    if (!request.headers['content-type']?.startsWith('application/json')) return send(response, 415, 'JSON only');
    const body = await readBody(request);
    if (body === null) return send(response, 413, 'Too large');
    let input: unknown;
    try {
      input = JSON.parse(body);
    } catch {
      return send(response, 400, 'Not JSON');
    }
    const result = await core.invoke(method as IpcMethod, input);
    send(response, 200, JSON.stringify(result), 'application/json; charset=utf-8');
  }

  function serveEvents(response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    response.write(': connected\n\n');
    const stops = IPC_EVENT_NAMES.map((name) =>
      core.on(name, (payload) => response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`)),
    );
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
    streams.add(response);
    response.on('close', () => {
      clearInterval(keepAlive);
      stops.forEach((stop) => stop());
      streams.delete(response);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isLoopbackHostHeader(request.headers.host, port)) return send(response, 403, 'Loopback only');
    if (!isSameOrigin(request.headers.origin, port)) return send(response, 403, 'Cross-origin requests refused');
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const method = request.method ?? 'GET';
    if (method === 'POST' && url.pathname.startsWith('/ipc/')) {
      if (!tokenMatches(token, request.headers['x-petstore-token'] as string | undefined)) {
        return send(response, 401, 'Wrong token');
      }
      return serveIpc(url.pathname.slice('/ipc/'.length), request, response);
    }
    if (method !== 'GET') return send(response, 405, 'Method not allowed');
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!tokenMatches(token, url.searchParams.get('token'))) {
        return send(response, 401, 'Open the address the preview printed (it carries a token).');
      }
      return serveIndex(response);
    }
    if (url.pathname === '/events') {
      if (!tokenMatches(token, url.searchParams.get('token'))) return send(response, 401, 'Wrong token');
      return serveEvents(response);
    }
    if (url.pathname === '/preview-bridge.js') {
      return send(response, 200, await readFile(BRIDGE_FILE, 'utf8'), CONTENT_TYPES['.js']);
    }
    return serveAsset(url.pathname, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      (options.logger ?? consoleLogger).error('preview: request failed', error);
      if (!response.headersSent) send(response, 500, 'Preview error');
      else response.end();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    ...(service && { service }),
    close: () =>
      (closing ??= (async () => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        await core.close();
        await service?.close();
      })()),
  };
}
