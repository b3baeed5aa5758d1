import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import {
  describeError,
  ipcContract,
  type IpcMethod,
  type IpcOutput,
  type OutboxItem,
  type Pet,
  type Result,
} from '../../../shared';
import { startServer, type InitialPet, type RunningServer } from '../../../server';
import type { SecretStore } from '../api-keys';
import { createCore, type Core, type CoreOptions } from '../index';
import { OutboxRecord } from '../outbox/machine';
import { PetstoreClient } from '../petstore-client';
import { capturingLogger, memorySecrets, startFaultServer, tempDir, type FaultServer } from '.';

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

/** One keychain per data folder, as on a counter: a core started again on a folder finds what the last one kept. */
const keychains = new Map<string, SecretStore>();

/** A core as a fresh install starts it: real files in a new folder (or `extra.dataDir`), no key, closed after the test. */
export async function freshCore(extra: Partial<CoreOptions> = {}): Promise<Core> {
  const dataDir = extra.dataDir ?? folder();
  const secrets = keychains.get(dataDir) ?? memorySecrets();
  keychains.set(dataDir, secrets);
  const core = await createCore({
    dataDir,
    fetch,
    secrets,
    logger: capturingLogger(),
    appVersion: '0.1.0-test',
    ...extra,
  });
  cleanups.push(() => core.close());
  return core;
}

/** A core over `dataDir`, pointed at `baseUrl` as the demo environment with its key. */
export async function openCore(dataDir: string, baseUrl: string, extra: Partial<CoreOptions> = {}): Promise<Harness> {
  const core = await freshCore({ dataDir, requestTimeoutMs: 1000, ...extra });
  value(await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl }));
  value(await core.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY }));
  return { core, invoke: invoker(core) };
}

/** The core's requests as a test makes them: a failure throws, and whatever crosses the boundary matches the contract. */
export function invoker(core: Core): Harness['invoke'] {
  return async <M extends IpcMethod>(method: M, input: unknown) => {
    const result = await core.invoke(method, input);
    if (result.ok) ipcContract[method].output.parse(result.value);
    return value(result);
  };
}

export function folder(): string {
  const dir = tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

export const outboxOf = async (harness: Pick<Harness, 'invoke'>) => (await harness.invoke('getOutbox', {})).items;
export const names = (items: OutboxItem[]) => items.map((item) => `${item.pet.name}:${item.state}`);

/** A shop's worth of animals, more than two pages of 100: a check that reads only the first page misses. */
export const SHOP: InitialPet[] = Array.from({ length: 250 }, (_, index) => ({
  name: `Stock ${String(index)}`,
  categoryId: String(1 + (index % 5)),
  status: 'available',
}));

/** Every animal on the service, page after page. */
export async function allPets(baseUrl: string): Promise<Pet[]> {
  const client = new PetstoreClient({ fetch, baseUrl, apiKey: KEY, appVersion: 'test' });
  const pets: Pet[] = [];
  for (let url: string | undefined = `${baseUrl}/pets?limit=100`; url !== undefined;) {
    const page = await client.conditionalPage(url, undefined);
    if (page.changed) pets.push(...page.pets);
    url = page.next;
  }
  return pets;
}

/** The outbox file's records as a restarted app would read them. */
export function storedItems(dataDir: string): OutboxRecord[] {
  const [, ...lines] = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').split('\n');
  return lines.filter(Boolean).map((line) => OutboxRecord.parse(JSON.parse(line)));
}
