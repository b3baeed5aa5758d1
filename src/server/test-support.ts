import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { API_ERROR_CODES, ApiError, parseJson } from '../shared';
import { startServer, type RunningServer, type StartServerOptions } from './index';

export interface Answer {
  status: number;
  headers: Headers;
  /** The body parsed losslessly (integers beyond 2^53 as bigints); undefined when empty. */
  body: unknown;
  text: string;
}

/** A tiny HTTP client for tests: real fetch, the server's own key unless told otherwise. */
export function clientFor(server: Pick<RunningServer, 'url' | 'apiKeys'>) {
  const authorization = `Bearer ${server.apiKeys[0]}`;
  return async function call(
    method: string,
    path: string,
    options: {
      body?: string;
      contentType?: string;
      authorization?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const auth = options.authorization === undefined ? authorization : options.authorization;
    if (auth !== null) headers.authorization = auth;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${server.url}${path}`, { method, headers, body: options.body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? parseJson(text) : undefined, text };
  };
}

/** Asserts the Error body the spec requires: JSON, documented code, `status` equal to the HTTP status. */
export function expectError(answer: Answer, status: keyof typeof API_ERROR_CODES): ApiError {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const error = ApiError.parse(answer.body);
  expect(error).toMatchObject({ status, code: API_ERROR_CODES[status] });
  expect(error.message.length).toBeGreaterThan(0);
  return error;
}

/**
 * The service for the tests of one file or describe block: started on port 0 before them,
 * closed after them. `call` talks to it with its key; `running()` is the service itself.
 */
export function serviceForTests(options: StartServerOptions = {}) {
  let server: RunningServer | undefined;
  const running = (): RunningServer => {
    if (!server) throw new Error('The service starts in beforeAll; use it inside a test');
    return server;
  };
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(() => server?.close());
  const call: ReturnType<typeof clientFor> = (...args) => clientFor(running())(...args);
  return { call, running };
}

/** A raw TCP connection to the service, for what fetch cannot do (repeated headers, a body sent slowly). */
export async function openSocket(server: Pick<RunningServer, 'url'>): Promise<Socket> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/**
 * Everything the service sent until the connection closed. A reset ends it too: a client still writing after the
 * service answered and closed (a trickled body) gets one, and it must not turn the answer into an error.
 */
export function readUntilClosed(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const text = () => Buffer.concat(chunks).toString();
  if (socket.closed) return Promise.resolve(text());
  return new Promise((resolve) => socket.once('close', () => resolve(text())));
}
