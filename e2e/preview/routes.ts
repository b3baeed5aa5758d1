import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Core } from '../../src/main/core';
import { HTML_TEXT, isJsonContentType, JAVASCRIPT_TEXT, JSON_TEXT } from '../../src/main/security/content-types';
import { readStaticFile } from '../../src/main/security/static-files';
import { IPC_EVENT_NAMES, IPC_METHODS, type IpcMethod } from '../../src/shared/ipc-contract';
import { hasDuplicatedHeader, isLoopbackHostHeader, isSameOrigin, tokenMatches } from './guard';
import { openEventStream, readBody, send } from './http';

const BRIDGE_FILE = join(import.meta.dirname, 'bridge.js');

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
}

function isIpcMethod(name: string): name is IpcMethod {
  return (IPC_METHODS as readonly string[]).includes(name);
}

/** The built page with the bridge script first, so window.petstore exists when the app starts. */
async function serveIndex(context: RouteContext, response: ServerResponse): Promise<void> {
  const html = await readFile(join(context.rendererDir, 'index.html'), 'utf8');
  const tag =
    `<script src="/preview-bridge.js" data-token="${context.token}" ` +
    `data-methods="${IPC_METHODS.join(',')}" data-events="${IPC_EVENT_NAMES.join(',')}"></script>`;
  send(response, 200, html.replace('<head>', `<head>\n    ${tag}`), HTML_TEXT);
}

async function serveIpc(context: RouteContext, method: string, request: IncomingMessage, response: ServerResponse) {
  if (!isIpcMethod(method)) return 404;
  if (!isJsonContentType(request.headers['content-type'])) return 415;
  const body = await readBody(request);
  if (body === null) return 413;
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    return 400;
  }
  const answer = JSON.stringify(await context.core.invoke(method, input));
  const delay = context.replyDelayMs?.[method];
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  send(response, 200, answer, JSON_TEXT);
  return 200;
}

function serveEvents(context: RouteContext, response: ServerResponse): void {
  const write = openEventStream(response);
  const stops = IPC_EVENT_NAMES.map((name) => context.core.on(name, (payload) => write(name, payload)));
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
  context.streams.add(response);
  response.on('close', () => {
    clearInterval(keepAlive);
    stops.forEach((stop) => stop());
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
  if (method === 'POST' && url.pathname.startsWith('/ipc/')) {
    const token = request.headers['x-petstore-token'];
    if (!tokenMatches(context.token, typeof token === 'string' ? token : undefined)) return 401;
    return serveIpc(context, url.pathname.slice('/ipc/'.length), request, response);
  }
  if (method !== 'GET') return 405;
  const tokenInQuery = tokenMatches(context.token, url.searchParams.get('token'));
  if (url.pathname === '/' || url.pathname === '/index.html') {
    if (!tokenInQuery) return 401;
    await serveIndex(context, response);
  } else if (url.pathname === '/events') {
    if (!tokenInQuery) return 401;
    serveEvents(context, response);
  } else if (url.pathname === '/preview-bridge.js') {
    send(response, 200, await readFile(BRIDGE_FILE, 'utf8'), JAVASCRIPT_TEXT);
  } else {
    const file = await readStaticFile(url.pathname, context.rendererDir);
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
