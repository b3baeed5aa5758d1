import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Core } from '../../src/main/core';
import {
  contentTypeFor,
  HTML_TEXT,
  isJsonContentType,
  JAVASCRIPT_TEXT,
  JSON_TEXT,
} from '../../src/main/security/content-types';
import { resolveStaticFile, type StaticFile } from '../../src/main/security/static-files';
import { IPC_EVENT_NAMES, IPC_METHODS, type IpcMethod } from '../../src/shared/ipc-contract';
import { matchLanguage } from '../../src/shared/screen-choices';
import { hasDuplicatedHeader, isLoopbackHostHeader, isSameOrigin, tokenMatches } from './guard';
import { openEventStream, readBody, send } from './http';

const BRIDGE_SCRIPT = readFileSync(join(import.meta.dirname, 'bridge.js'), 'utf8');

export interface RouteContext {
  core: Core;
  token: string;
  rendererDir: string;
  /** The port the server listens on (known once it does). */
  port(): number;
  /** Open event streams, ended when the preview closes. */
  streams: Set<ServerResponse>;
  /** Tests only: hold a method's reply back this long, so it races the events sent meanwhile. */
  replyDelayMs?: Partial<Record<IpcMethod, number>>;
  /** Each page's events, by the id its bridge made: kept from its first request until its stream opens. */
  pageStreams: Map<string, PageStream>;
}

export interface PageStream {
  /** Writes the events kept so far to the page's stream, and each later one as it comes. */
  attach(write: (name: string, payload: unknown) => void): void;
  close(): void;
}

/** How long a page's events are kept for a stream that does not open (the page went away first). */
const UNOPENED_KEPT_MS = 10_000;

/**
 * A page's events from the first request that names it: an answer goes out at once, and an event that follows
 * it reaches the page when its stream opens. The stream reached the server up to 100 ms after the page's first
 * requests in a fresh start on 10,000 stored animals; their answers waited for it before.
 */
function pageStream(context: RouteContext, page: string): PageStream {
  const known = context.pageStreams.get(page);
  if (known) return known;
  let kept: Array<[string, unknown]> = [];
  let write: ((name: string, payload: unknown) => void) | undefined;
  const stops = IPC_EVENT_NAMES.map((name) =>
    context.core.on(name, (payload) => (write ? write(name, payload) : kept.push([name, payload]))),
  );
  const stream: PageStream = {
    attach(writer) {
      write = writer;
      for (const [name, payload] of kept) writer(name, payload);
      kept = [];
    },
    close() {
      clearTimeout(unopened);
      stops.forEach((stop) => stop());
      if (context.pageStreams.get(page) === stream) context.pageStreams.delete(page);
    },
  };
  const unopened = setTimeout(() => {
    if (!write) stream.close();
  }, UNOPENED_KEPT_MS).unref();
  context.pageStreams.set(page, stream);
  return stream;
}

function isIpcMethod(name: string): name is IpcMethod {
  return (IPC_METHODS as readonly string[]).includes(name);
}

const isMethodList = (value: unknown): value is IpcMethod[] =>
  Array.isArray(value) && value.every((name: unknown) => typeof name === 'string' && isIpcMethod(name));

/**
 * The language the app will show, as the renderer decides it (the clerk's choice, the policy's, the browser's),
 * and its chunk among the built assets (`de-….js`), if there is one.
 */
async function languageChunk(context: RouteContext, request: IncomingMessage): Promise<string | undefined> {
  const settings = await context.core.invoke('getSettings', {});
  const browser = (request.headers['accept-language'] ?? '').split(',').map((tag) => tag.split(';')[0]?.trim() ?? '');
  const language =
    (settings.ok && (settings.value.preferences.language ?? settings.value.policy.language)) || matchLanguage(browser);
  return assetNames(context.rendererDir).find((file) => file.startsWith(`${language}-`) && file.endsWith('.js'));
}

/**
 * The built assets' names, read at each page (a rebuild while the preview runs is served at the next load). This and
 * index.html are read without the thread pool: on a busy machine its turns of the loop held the page's answer, which
 * everything else waits for, a median 34 ms (21 starts; now 1 ms).
 */
function assetNames(rendererDir: string): string[] {
  try {
    return readdirSync(join(rendererDir, 'assets'));
  } catch {
    return [];
  }
}

/**
 * A built file (the app's script, styles, language) read as index.html is, without the thread pool, whose reads
 * each took several turns of a loop busy with the core's start: the app's script from its request to its answer,
 * median 19 → 2 ms (9 starts each on 10,000 stored animals, at a load of 17). Anything but a regular file inside
 * the folder is undefined, as for the shell's `readStaticFile`.
 */
function builtFile(pathname: string, rendererDir: string): StaticFile | undefined {
  const file = resolveStaticFile(pathname, rendererDir);
  if (!file) return undefined;
  try {
    return { body: readFileSync(file), contentType: contentTypeFor(file) };
  } catch {
    return undefined;
  }
}

/**
 * The built page with the bridge script first, so window.petstore exists when the app starts, and the
 * language's chunk asked for beside the app's script rather than once it has run (a fresh start on 10,000
 * stored animals: asked at 510 ms, now at 71 ms).
 */
async function serveIndex(context: RouteContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunk = await languageChunk(context, request);
  const html = readFileSync(join(context.rendererDir, 'index.html'), 'utf8');
  const tags = [
    `<script src="/preview-bridge.js" data-token="${context.token}" ` +
      `data-methods="${IPC_METHODS.join(',')}" data-events="${IPC_EVENT_NAMES.join(',')}"></script>`,
    ...(chunk ? [`<link rel="modulepreload" crossorigin href="./assets/${chunk}">`] : []),
  ];
  send(response, 200, html.replace('<head>', `<head>\n    ${tags.join('\n    ')}`), HTML_TEXT);
}

/** A request's JSON body, or the status refusing it. */
async function jsonBody(request: IncomingMessage): Promise<{ value: unknown } | number> {
  if (!isJsonContentType(request.headers['content-type'])) return 415;
  const body = await readBody(request);
  if (body === null) return 413;
  try {
    return { value: JSON.parse(body) as unknown };
  } catch {
    return 400;
  }
}

/**
 * Answers one IPC call, or, for `null`, several named in the body and called with no input (the bridge's first
 * ones, in one request), by name.
 */
async function serveIpc(
  context: RouteContext,
  method: IpcMethod | null,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const batch = method === null;
  const input = await jsonBody(request);
  if (typeof input === 'number') return input;
  const names: unknown = batch ? input.value : [method];
  if (!isMethodList(names)) return 400;
  const page = request.headers['x-petstore-page'];
  // Before the core is asked: what changes after the answer is made reaches the page.
  if (typeof page === 'string') pageStream(context, page);
  const answers = await Promise.all(
    names.map(async (name) => [name, await context.core.invoke(name, batch ? {} : input.value)] as const),
  );
  const delay = Math.max(0, ...names.map((name) => context.replyDelayMs?.[name] ?? 0));
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  send(response, 200, JSON.stringify(batch ? Object.fromEntries(answers) : answers[0]?.[1]), JSON_TEXT);
  return 200;
}

function serveEvents(context: RouteContext, page: string | null, response: ServerResponse): void {
  const write = openEventStream(response);
  // A stream without a page id (no bridge of this preview's) gets the events from now on.
  const stream = pageStream(context, page ?? randomUUID());
  stream.attach(write);
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
  context.streams.add(response);
  response.on('close', () => {
    clearInterval(keepAlive);
    stream.close();
    context.streams.delete(response);
  });
}

/**
 * Routes one request and answers it, or returns the status of a refusal for
 * the caller to send. Bad paths, directories and bad encodings are plain 404s.
 */
async function route(context: RouteContext, request: IncomingMessage, response: ServerResponse): Promise<number> {
  if (hasDuplicatedHeader(request)) return 400;
  const port = context.port();
  if (!isLoopbackHostHeader(request.headers.host, port)) return 403;
  if (!isSameOrigin(request.headers.origin, port)) return 403;
  const url = URL.parse(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (!url) return 404;
  const method = request.method ?? 'GET';
  if (method === 'POST' && (url.pathname.startsWith('/ipc/') || url.pathname === '/ipc-batch')) {
    const token = request.headers['x-petstore-token'];
    if (!tokenMatches(context.token, typeof token === 'string' ? token : undefined)) return 401;
    if (url.pathname === '/ipc-batch') return serveIpc(context, null, request, response);
    const name = url.pathname.slice('/ipc/'.length);
    return isIpcMethod(name) ? serveIpc(context, name, request, response) : 404;
  }
  if (method !== 'GET') return 405;
  const tokenInQuery = tokenMatches(context.token, url.searchParams.get('token'));
  if (url.pathname === '/' || url.pathname === '/index.html') {
    if (!tokenInQuery) return 401;
    await serveIndex(context, request, response);
  } else if (url.pathname === '/events') {
    if (!tokenInQuery) return 401;
    serveEvents(context, url.searchParams.get('page'), response);
  } else if (url.pathname === '/preview-bridge.js') {
    send(response, 200, BRIDGE_SCRIPT, JAVASCRIPT_TEXT);
  } else {
    const file = builtFile(url.pathname, context.rendererDir);
    if (!file) return 404;
    send(response, 200, file.body, file.contentType);
  }
  return 200;
}

const REFUSALS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Open the address the preview printed (it carries a token).',
  403: 'Loopback, same-origin requests only',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Too large',
  415: 'JSON only',
};

export async function handleRequest(context: RouteContext, request: IncomingMessage, response: ServerResponse) {
  const status = await route(context, request, response);
  if (!response.headersSent) send(response, status, REFUSALS[status] ?? 'Refused');
}
