import type { ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { describeError, ipcContract, type IpcMethod, type IpcOutput, type OutboxItem, type Result } from '../../shared';
import { startServer, type RunningServer } from '../../server';
import { createCore, type Core, type CoreOptions } from './index';
import { capturingLogger, memorySecrets, startFaultServer, tempDir, type FaultServer } from './test-support';

/** The core tests' shared set-up: real service, real files, everything closed after each test. */
export const KEY = 'core-test-key-0123456789';
export const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${describeError(result.error)}`);
  return result.value;
}

export async function service(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const running = await startServer({ port: 0, apiKeys: [KEY], ...options });
  cleanups.push(() => running.close());
  return running;
}

export async function faults(handle: (path: string, response: ServerResponse) => void, port = 0): Promise<FaultServer> {
  const server = await startFaultServer((request, response) => handle(request.url ?? '', response), port);
  cleanups.push(() => server.close());
  return server;
}

export interface Harness {
  core: Core;
  invoke: <M extends IpcMethod>(method: M, input: unknown) => Promise<IpcOutput<M>>;
}

/** A core over `dataDir`, pointed at `baseUrl` as the demo environment with its key. */
export async function openCore(dataDir: string, baseUrl: string, extra: Partial<CoreOptions> = {}): Promise<Harness> {
  const core = await createCore({
    dataDir,
    fetch,
    secrets: memorySecrets(),
    logger: capturingLogger(),
    appVersion: '0.1.0-test',
    requestTimeoutMs: 1000,
    ...extra,
  });
  cleanups.push(() => core.close());
  const invoke = async <M extends IpcMethod>(method: M, input: unknown) => {
    const result = await core.invoke(method, input);
    // Whatever crosses the boundary matches the contract.
    if (result.ok) ipcContract[method].output.parse(result.value);
    return value(result);
  };
  value(await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl }));
  value(await core.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY }));
  return { core, invoke };
}

export function folder(): string {
  const dir = tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

export const outboxOf = async (harness: Pick<Harness, 'invoke'>) => (await harness.invoke('getOutbox', {})).items;
export const names = (items: OutboxItem[]) => items.map((item) => `${item.pet.name}:${item.state}`);
