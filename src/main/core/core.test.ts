import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipcContract, type IpcMethod, type IpcOutput, type OutboxItem, type Result } from '../../shared';
import { startServer, type RunningServer } from '../../server';
import { createCore, type Core, type CoreOptions } from './index';
import {
  capturingLogger,
  closedPort,
  memorySecrets,
  movableClock,
  sendJson,
  startFaultServer,
  tempDir,
  type FaultServer,
} from './test-support';

const KEY = 'core-test-key-0123456789';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

async function service(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const running = await startServer({ port: 0, apiKeys: [KEY], ...options });
  cleanups.push(() => running.close());
  return running;
}

async function faults(handle: (path: string, response: ServerResponse) => void, port = 0): Promise<FaultServer> {
  const server = await startFaultServer((request, response) => handle(request.url ?? '', response), port);
  cleanups.push(() => server.close());
  return server;
}

interface Harness {
  core: Core;
  invoke<M extends IpcMethod>(method: M, input: unknown): Promise<IpcOutput<M>>;
}

/** A core over `dataDir`, pointed at `baseUrl` as the demo environment with its key. */
async function openCore(dataDir: string, baseUrl: string, extra: Partial<CoreOptions> = {}): Promise<Harness> {
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

function folder(): string {
  const dir = tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

const outboxOf = async (harness: Pick<Harness, 'invoke'>) => (await harness.invoke('getOutbox', {})).items;
const names = (items: OutboxItem[]) => items.map((item) => `${item.pet.name}:${item.state}`);

describe('the list, from the network and from the cache', () => {
  it('shows the cached list at once, then the fresh one, always saying where it came from', async () => {
    const running = await service({ initialPets: [{ name: 'Rex', categoryId: '1', status: 'available' }] });
    const clock = movableClock();
    const { invoke } = await openCore(folder(), running.url, { now: clock.now });

    expect(await invoke('getCachedPets', { query: { limit: 10 } })).toBeNull();
    const fresh = await invoke('listPets', { query: { limit: 10 } });
    expect(fresh).toMatchObject({ source: 'network', ageMs: 0, environmentId: 'demo' });
    expect(fresh.pets.map((pet) => pet.name)).toEqual(['Rex']);

    clock.advance(90_000);
    const cached = await invoke('getCachedPets', { query: { limit: 10 } });
    expect(cached).toMatchObject({ source: 'cache', fetchedAt: fresh.fetchedAt, pets: fresh.pets });
    expect(cached?.ageMs).toBeGreaterThanOrEqual(90_000);
    expect((await invoke('getSettings', {})).lastQuery).toEqual({ limit: 10 });
  });

  it('never shows one environment the lists of another', async () => {
    const demo = await service({ initialPets: [{ name: 'Demo dog', categoryId: '1' }] });
    const staging = await service({ initialPets: [{ name: 'Staging cat', categoryId: '1' }] });
    const { invoke } = await openCore(folder(), demo.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: staging.url });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });

    await invoke('listPets', { query: { limit: 5 } });
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect(await invoke('getCachedPets', { query: { limit: 5 } })).toBeNull();
    const list = await invoke('listPets', { query: { limit: 5 } });
    expect(list).toMatchObject({ environmentId: 'staging', pets: [{ name: 'Staging cat' }] });
    await invoke('selectEnvironment', { environmentId: 'demo' });
    expect((await invoke('getCachedPets', { query: { limit: 5 } }))?.pets.map((pet) => pet.name)).toEqual(['Demo dog']);
  });

  it('answers with the cached copy and the reason when the service is busy (429), and waits as asked', async () => {
    let busy = false;
    const fault = await faults((_path, response) =>
      busy
        ? sendJson(response, 429, '{"code":"rate_limited","message":"slow down","status":429}', { 'retry-after': '60' })
        : sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1}]'),
    );
    const { invoke } = await openCore(folder(), fault.url);
    await invoke('listPets', { query: { limit: 3 } });
    busy = true;
    const list = await invoke('listPets', { query: { limit: 3 } });
    expect(list).toMatchObject({ source: 'cache', offlineReason: { kind: 'rate_limited', retryAfterSeconds: 60 } });
    const asked = fault.requests.length;
    expect((await invoke('listPets', { query: { limit: 3 } })).source).toBe('cache');
    expect(fault.requests.length).toBe(asked);
  });

  it('lists from a changed address, with a changed key, from the very next request', async () => {
    const first = await service({ initialPets: [{ name: 'First', categoryId: '1' }] });
    const second = await service({ initialPets: [{ name: 'Second', categoryId: '1' }] });
    const { core, invoke } = await openCore(folder(), first.url);
    const listed = async () => (await invoke('listPets', { query: { limit: 5 } })).pets.map((pet) => pet.name);

    expect(await listed()).toEqual(['First']);
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: second.url });
    expect(await listed()).toEqual(['Second']);
    await invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await core.invoke('listPets', { query: { limit: 5 } })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
  });

  it('gives the typed error when there is nothing cached to fall back on', async () => {
    const { core } = await openCore(folder(), `http://127.0.0.1:${await closedPort()}/v1`);
    const result = await core.invoke('listPets', { query: { limit: 7 } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
  });
});

describe('requests the core refuses before calling anyone', () => {
  it('explains bad input field by field', async () => {
    const { core } = await openCore(folder(), 'http://127.0.0.1:1/v1');
    expect(await core.invoke('listPets', { query: { limit: 101 } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fields: { query: expect.stringContaining('100') } },
    });
    expect(await core.invoke('createPet', { pet: { name: 'Rex', categoryId: 1 } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fields: { pet: expect.any(String) } },
    });
    expect(
      await core.invoke('setBaseUrl', { environmentId: 'production', baseUrl: 'http://petstore.example.com/v1' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fields: { baseUrl: expect.stringContaining('https://') } },
    });
    expect(await core.invoke('getStatus', 'not an object')).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
  });

  it('asks for a key before using an environment without one', async () => {
    const { core, invoke } = await openCore(folder(), 'http://127.0.0.1:1/v1');
    await invoke('clearApiKey', { environmentId: 'demo' });
    expect((await invoke('getSettings', {})).environments.find((env) => env.id === 'demo')?.hasKey).toBe(false);
    expect(await core.invoke('listPets', { query: {} })).toMatchObject({ ok: false, error: { kind: 'no_api_key' } });
    expect(await core.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      ok: false,
      error: { kind: 'no_api_key' },
    });
  });

  it('tests a connection with the stored key and reports a wrong one', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    expect(await invoke('testConnection', { environmentId: 'demo' })).toMatchObject({ environmentId: 'demo' });
    await invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await core.invoke('testConnection', { environmentId: 'demo' })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
  });
});

describe('the deprecated lookup by id', () => {
  it('asks the service before 5 December 2030, with the warning, and the cached lists on and after it', async () => {
    const running = await service({ initialPets: [{ id: '9007199254740993', name: 'Big Ben', categoryId: '2' }] });
    const clock = movableClock(Date.parse('2030-12-03T12:00:00Z'));
    const { invoke } = await openCore(folder(), running.url, { now: clock.now });

    const before = await invoke('lookupPet', { id: '9007199254740993' });
    expect(before).toMatchObject({ source: 'service', pet: { name: 'Big Ben' } });
    expect(before.notice).toMatchObject({ removalDate: '2030-12-05', daysLeft: 2, mode: 'service' });
    await invoke('listPets', { query: { limit: 100 } });

    clock.advance(2 * 86_400_000);
    await running.close();
    const after = await invoke('lookupPet', { id: '9007199254740993' });
    expect(after).toMatchObject({ source: 'cache', pet: { name: 'Big Ben' }, notice: { mode: 'cache', daysLeft: 0 } });
    expect(after.fetchedAt).toBeTypeOf('number');
    expect(await invoke('getDeprecationNotice', {})).toMatchObject({
      mode: 'cache',
      reason: expect.stringContaining('removed'),
    });
  });

  it('stops calling the service once it answers 410, and says the answer is from the cache', async () => {
    const fault = await faults((path, response) =>
      path.startsWith('/v1/pets/')
        ? sendJson(response, 410, '{"code":"gone","message":"removed","status":410}')
        : sendJson(response, 200, '[{"id":5,"name":"Tom","categoryId":1}]'),
    );
    const { core, invoke } = await openCore(folder(), fault.url);
    await invoke('listPets', { query: { limit: 20 } });
    const found = await invoke('lookupPet', { id: '5' });
    expect(found).toMatchObject({ source: 'cache', pet: { name: 'Tom' }, notice: { mode: 'cache' } });
    const asked = fault.requests.length;
    expect(await core.invoke('lookupPet', { id: '6' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(fault.requests.length).toBe(asked);
  });
});

describe('animals added while the service cannot be reached', () => {
  it('the offline story: cached list with its age, two animals queued, a restart, then each created exactly once', async () => {
    const dataDir = folder();
    const dbPath = `${folder()}/petstore.db`;
    const first = await startServer({
      port: 0,
      apiKeys: [KEY],
      dbPath,
      initialPets: [{ name: 'Rex', categoryId: '1' }],
    });
    const port = Number(new URL(first.url).port);
    const clock = movableClock();
    const secrets = memorySecrets();
    const before = await openCore(dataDir, first.url, { now: clock.now, secrets });

    const online = await before.invoke('listPets', { query: { limit: 20 } });
    expect(online.source).toBe('network');
    await first.close();

    clock.advance(5 * 60_000);
    const offline = await before.invoke('listPets', { query: { limit: 20 } });
    expect(offline).toMatchObject({ source: 'cache', offlineReason: { kind: 'unreachable' }, pets: online.pets });
    expect(offline.ageMs).toBeGreaterThanOrEqual(5 * 60_000);
    expect((await before.invoke('getStatus', {})).connectivity.online).toBe(false);

    for (const name of ['Whiskers', 'Bubbles']) {
      const outcome = await before.invoke('createPet', { pet: { name, categoryId: '4' } });
      expect(outcome).toMatchObject({ outcome: 'queued', item: { state: 'queued', pet: { name } } });
    }
    await before.core.close();

    const after = await openCore(dataDir, first.url, { now: clock.now, secrets });
    expect(names(await outboxOf(after))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Whiskers:(queued|sending)$/)]),
    );
    const second = await startServer({ port, apiKeys: [KEY], dbPath });
    cleanups.push(() => second.close());
    await after.invoke('listPets', { query: { limit: 20 } });

    await vi.waitFor(async () => expect(names(await outboxOf(after))).toEqual(['Whiskers:sent', 'Bubbles:sent']), {
      timeout: 8000,
      interval: 100,
    });
    const all = (await after.invoke('listPets', { query: { limit: 100 } })).pets.map((pet) => pet.name);
    expect(all.filter((name) => name === 'Whiskers')).toHaveLength(1);
    expect(all.filter((name) => name === 'Bubbles')).toHaveLength(1);
    expect((await after.invoke('getStatus', {})).connectivity).toEqual({ online: true, pending: 0, sending: false });
  });

  it('resends a refused request on its own, but never an ambiguous one; that one waits for the user', async () => {
    const port = await closedPort();
    const { invoke } = await openCore(folder(), `http://127.0.0.1:${port}/v1`);
    await invoke('createPet', { pet: { name: 'Cut off', categoryId: '1' } });
    await invoke('createPet', { pet: { name: 'Fine', categoryId: '1' } });

    let created = 0;
    const fault = await faults((_path, response) => {
      const body = fault.requests.at(-1)?.body ?? '';
      if (body.includes('Cut off')) return void response.socket?.destroy();
      created += 1;
      sendJson(response, 201, `{"id":${created},"name":"Fine","categoryId":1}`);
    }, port);

    await vi.waitFor(
      async () => expect(names(await outboxOf({ invoke }))).toEqual(['Cut off:needs_attention', 'Fine:sent']),
      {
        timeout: 8000,
        interval: 100,
      },
    );
    // Long enough for several automatic retries, were there any.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const cutOffRequests = fault.requests.filter((request) => request.body.includes('Cut off'));
    expect(cutOffRequests).toHaveLength(1);

    const [waiting] = await outboxOf({ invoke });
    expect(waiting?.lastError?.message).toMatch(/check the list/i);
    if (!waiting) throw new Error('no waiting item');
    const afterDiscard = await invoke('discardOutboxItem', { id: waiting.id });
    expect(names(afterDiscard.items)).toEqual(['Fine:sent']);
  });

  it('after a crash mid-send, asks the user instead of sending again', async () => {
    const running = await service();
    const dataDir = folder();
    const { core } = await openCore(dataDir, running.url);
    await core.close();
    const interrupted: OutboxItem = {
      id: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Half sent', categoryId: '1' },
      state: 'sending',
      createdAt: Date.now(),
      attempts: 1,
    };
    writeFileSync(`${dataDir}/outbox.json`, JSON.stringify({ version: 1, items: [interrupted] }));
    const restarted = await openCore(dataDir, running.url);
    expect(names(await outboxOf(restarted))).toEqual(['Half sent:needs_attention']);
    const retried = await restarted.invoke('retryOutboxItem', { id: interrupted.id });
    expect(retried.items[0]?.state).toMatch(/queued|sending|sent/);
    await vi.waitFor(async () => expect(names(await outboxOf(restarted))).toEqual(['Half sent:sent']), {
      timeout: 5000,
    });
  });

  it('queues at once while the platform says it is offline, tells the renderer, and drains when it is back', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    const states: unknown[] = [];
    core.on('onConnectivity', (state) => states.push(state));
    core.setPlatformOnline(false);
    const outcome = await invoke('createPet', { pet: { name: 'Patience', categoryId: '1' } });
    expect(outcome).toMatchObject({ outcome: 'queued' });
    expect(states).toContainEqual({ online: false, pending: 1, sending: false });
    core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Patience:sent']), {
      timeout: 5000,
    });
    expect(states.at(-1)).toEqual({ online: true, pending: 0, sending: false });
  });
});
