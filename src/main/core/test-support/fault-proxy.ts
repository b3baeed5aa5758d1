import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What goes wrong with the next add passing through. */
export type Fault = 'refused' | 'dropped' | 'hang' | 'error500' | 'reset' | 'busy';

export interface FaultProxy {
  /** Base URL including /v1. */
  url: string;
  /** The next POST meets this fault ('refused': nothing listens until `listen()`). */
  next(fault: Fault): Promise<void>;
  listen(): Promise<void>;
  /** POSTs seen, with the name sent. */
  posts: string[];
  /** Strips the Idempotency-Key on its way, so the service behaves like one that does not know the header. */
  ignoreKeys: boolean;
  /** Animals with these names are answered 500 every time, and never reach the service. */
  broken: Set<string>;
  /** Animals with these names have their connection cut before any answer, every time, and never reach the service. */
  cutOff: Set<string>;
  /** Animals with these names reach the service, and the answer is cut off every time (the service created it). */
  answerLost: Set<string>;
  /** Animals with these names are answered 403 with a gateway's rule, every time, and never reach the service. */
  forbidden: Set<string>;
  /** Adds sent with these API keys are answered 401 (revoked for adds; lists still pass) and never reach the service. */
  revokedKeys: Set<string>;
  /** While true every other request is cut: a list before the service sees it, an add after the service took it. */
  flaky: boolean;
  /** While true every request is cut off before an answer, lists too: the service is down. */
  down: boolean;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

function json(response: ServerResponse, status: number, headers: Record<string, string>, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A node:http proxy in front of the reference service for the faults it never
 * makes itself. Its 500 echoes the request's Idempotency-Key, as a gateway
 * that copies request headers would.
 */
export async function startFaultProxy(target: string, options: { ignoreKeys: boolean }): Promise<FaultProxy> {
  const origin = new URL(target).origin;
  const posts: string[] = [];
  let pending: Fault | undefined;
  const proxy = {
    ignoreKeys: options.ignoreKeys,
    broken: new Set<string>(),
    cutOff: new Set<string>(),
    answerLost: new Set<string>(),
    forbidden: new Set<string>(),
    revokedKeys: new Set<string>(),
    down: false,
    flaky: false,
  };
  let requests = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const fault = request.method === 'POST' ? pending : undefined;
      const sentKey = request.headers['idempotency-key'];
      const echo: Record<string, string> = typeof sentKey === 'string' ? { 'idempotency-key': sentKey } : {};
      requests += 1;
      const flakyCut = proxy.flaky && requests % 2 === 0;
      let name = '';
      if (flakyCut && request.method !== 'POST') {
        request.socket.destroy();
        return;
      }
      if (request.method === 'POST') {
        pending = undefined;
        ({ name } = JSON.parse(body) as { name: string });
        posts.push(name);
        if (proxy.down || proxy.cutOff.has(name)) {
          request.socket.destroy();
          return;
        }
        if (proxy.broken.has(name)) {
          json(response, 500, echo, { status: 500, code: 'internal_error', message: `Cannot store ${name}.` });
          return;
        }
        if (proxy.forbidden.has(name)) {
          json(response, 403, {}, { status: 403, code: 'forbidden', message: `Rule 942100 blocked ${name}.` });
          return;
        }
        if ([...proxy.revokedKeys].some((key) => request.headers.authorization === `Bearer ${key}`)) {
          json(response, 401, {}, { status: 401, code: 'unauthorized', message: 'API key revoked.' });
          return;
        }
      } else if (proxy.down) {
        request.socket.destroy();
        return;
      }
      if (fault === 'busy') {
        json(response, 429, { 'retry-after': '1' }, { status: 429, code: 'rate_limited', message: 'Slow down.' });
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name]) => !HOP_BY_HOP.includes(name) && !(proxy.ignoreKeys && name === 'idempotency-key'),
        ),
      ) as Record<string, string>;
      const answer = await fetch(`${origin}${request.url ?? ''}`, {
        method: request.method,
        headers,
        body: body === '' ? undefined : body,
      });
      const text = await answer.text();
      const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !HOP_BY_HOP.includes(name)));
      switch (flakyCut || proxy.answerLost.has(name) ? 'dropped' : fault) {
        case 'dropped':
          request.socket.destroy();
          return;
        case 'hang':
          return;
        case 'error500':
          json(response, 500, echo, { status: 500, code: 'internal_error', message: 'Something broke.' });
          return;
        case 'reset':
          response.writeHead(answer.status, { ...answerHeaders, 'content-length': String(Buffer.byteLength(text)) });
          response.write(text.slice(0, 5));
          setTimeout(() => request.socket.destroy(), 20);
          return;
        default:
          response.writeHead(answer.status, answerHeaders);
          response.end(text);
      }
    })().catch(() => {
      // The service closed under a forwarded request (a test ending): the client's connection is cut, as a gateway's would be.
      request.socket.destroy();
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}/v1`,
    posts,
    async next(fault: Fault) {
      if (fault === 'refused') await stop();
      else pending = fault;
    },
    listen: () => listen(port),
    close: stop,
  });
}
