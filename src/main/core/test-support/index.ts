import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SecretStore } from '../api-keys';
import type { Logger } from '../logger';

/** A fresh data folder per test, removed afterwards by the returned cleanup. */
export function tempDir(prefix = 'petstore-core-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * An in-memory keychain for tests that are not about the keychain (the
 * keychain tests use real keytar against gnome-keyring).
 */
export function memorySecrets(): SecretStore {
  const entries = new Map<string, string>();
  return {
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}\n${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}\n${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}\n${account}`)),
  };
}

/**
 * A keychain kept in a file, for a test whose core is killed and started again in another process: it outlives the
 * process as the OS's does (keytar itself is tested in keychain.test.ts).
 */
export function fileSecrets(filePath: string): SecretStore {
  const read = (): Record<string, string> =>
    existsSync(filePath) ? (JSON.parse(readFileSync(filePath, 'utf8')) as Record<string, string>) : {};
  const write = (entries: Record<string, string>) => writeFileSync(filePath, JSON.stringify(entries));
  return {
    getPassword: (service, account) => Promise.resolve(read()[`${service}\n${account}`] ?? null),
    setPassword: (service, account, password) => {
      write({ ...read(), [`${service}\n${account}`]: password });
      return Promise.resolve();
    },
    deletePassword: (service, account) => {
      const { [`${service}\n${account}`]: gone, ...rest } = read();
      write(rest);
      return Promise.resolve(gone !== undefined);
    },
  };
}

/** A logger that keeps every line, so tests can read what was logged. */
export function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`${level} ${args.map(String).join(' ')}`);
  return { lines, debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

export interface FaultServer {
  /** Base URL including /v1. */
  url: string;
  port: number;
  /** Requests seen, in order. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

/**
 * A plain node:http server for the faults the reference service never
 * produces (HTML 502, cut-off bodies, hangs, resets, 429, 410, wrong shapes).
 */
export async function startFaultServer(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
  port = 0,
): Promise<FaultServer> {
  const requests: FaultServer['requests'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handle(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    port: bound,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and has nothing listening on it now (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

/** A clock that runs with real time (so timers fire) and can be moved forward. */
export function movableClock(start = Date.now()): { now: () => number; advance: (ms: number) => void } {
  let offset = start - Date.now();
  return { now: () => Date.now() + offset, advance: (ms) => (offset += ms) };
}
