import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server';
import { KEY, cleanups, faults, folder, names, openCore, outboxOf, service } from './test-support/harness';
import { closedPort, memorySecrets, movableClock, sendJson, startFaultServer } from './test-support';
import { refreshed, synced } from './test-support/catalogue';

describe('animals added while the service cannot be reached', () => {
  it('the offline story: the catalogue kept with its age, two animals queued, a restart, then each created exactly once', async () => {
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

    const online = await synced(before);
    expect(online.state).toBe('fresh');
    await first.close();

    clock.advance(5 * 60_000);
    const offline = await refreshed(before);
    expect(offline).toMatchObject({ state: 'offline', problem: { kind: 'unreachable' }, pets: online.pets });
    expect(clock.now() - (offline.syncedAt ?? 0)).toBeGreaterThanOrEqual(5 * 60_000);
    expect((await before.invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'offline',
      problem: 'unreachable',
    });

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
    await refreshed(after);

    await vi.waitFor(async () => expect(names(await outboxOf(after))).toEqual(['Whiskers:sent', 'Bubbles:sent']), {
      timeout: 8000,
      interval: 100,
    });
    const all = (await refreshed(after)).pets.map((pet) => pet.name);
    expect(all.filter((name) => name === 'Whiskers')).toHaveLength(1);
    expect(all.filter((name) => name === 'Bubbles')).toHaveLength(1);
    expect((await after.invoke('getStatus', {})).connectivity).toMatchObject({
      service: { health: 'online' },
      sending: 0,
      waiting: 0,
      toCheck: 0,
    });
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
    // Lost after the request went out: the clerk is told to check the list.
    expect(waiting?.lastError).toEqual({ kind: 'unreachable', reason: 'connection_lost' });
    if (!waiting) throw new Error('no waiting item');
    const afterDiscard = await invoke('discardOutboxItem', {
      id: waiting.id,
      seen: { state: waiting.state, attempts: waiting.attempts },
    });
    expect(names(afterDiscard.items)).toEqual(['Fine:sent']);
  });

  it('after a crash mid-send, asks the user instead of sending again', async () => {
    const running = await service();
    const dataDir = folder();
    const { core } = await openCore(dataDir, running.url);
    await core.close();
    const interrupted = {
      id: randomUUID(),
      key: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Half sent', categoryId: '1' },
      state: 'sending',
      createdAt: Date.now(),
      firstSentAt: Date.now(),
      attempts: 1,
      ownFailures: 0,
      reached: true,
    };
    const header = { version: 1, app: '0.1.0-test', services: {} };
    writeFileSync(`${dataDir}/outbox.jsonl`, `${JSON.stringify(header)}\n${JSON.stringify(interrupted)}\n`);
    const restarted = await openCore(dataDir, running.url);
    // Once the restart's recovery is on disk.
    await vi.waitFor(async () => expect(names(await outboxOf(restarted))).toEqual(['Half sent:needs_attention']));
    const retried = await restarted.invoke('retryOutboxItem', { id: interrupted.id });
    expect(retried.items[0]?.state).toMatch(/queued|sending|sent/);
    await vi.waitFor(async () => expect(names(await outboxOf(restarted))).toEqual(['Half sent:sent']), {
      timeout: 5000,
    });
    // Sent: the clerk can no longer change it.
    const pet = { name: 'Changed', categoryId: '1' };
    const edited = await restarted.core.invoke('editOutboxItem', { id: interrupted.id, pet });
    expect(edited).toMatchObject({ ok: false, error: { reason: 'outbox_item_busy' } });
  });

  it('queues at once while the platform says it is offline, tells the renderer, and drains when it is back', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    const states: unknown[] = [];
    core.on('onConnectivity', (state) => states.push(state));
    core.setPlatformOnline(false);
    const outcome = await invoke('createPet', { pet: { name: 'Patience', categoryId: '1' } });
    expect(outcome).toMatchObject({ outcome: 'queued' });
    expect(states).toContainEqual(
      expect.objectContaining({
        service: { health: 'offline', problem: 'no_network' },
        sending: 0,
        waiting: 1,
        toCheck: 0,
      }),
    );
    core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Patience:sent']), {
      timeout: 5000,
    });
    expect(states.at(-1)).toMatchObject({ service: { health: 'online' }, sending: 0, waiting: 0, toCheck: 0 });
  });

  it('rests while offline with animals due: it looks at them now and then, not a thousand times a second', async () => {
    const running = await service();
    const clock = movableClock();
    let reads = 0;
    const now = () => ((reads += 1), clock.now());
    const { core, invoke } = await openCore(folder(), running.url, { now });
    core.setPlatformOnline(false);
    await invoke('createPet', { pet: { name: 'Patience', categoryId: '1' } });
    clock.advance(60_000);
    // Another add looks for work while the first is due but cannot be sent.
    await invoke('createPet', { pet: { name: 'Calm', categoryId: '1' } });
    reads = 0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBeLessThan(30);
    core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Patience:sent', 'Calm:sent']), {
      timeout: 5000,
    });
  });
});

describe('an add the service answers 201 with a body the app cannot read', () => {
  it('is never shown as refused nor sent again: 201 means created, so the clerk is asked to check', async () => {
    const shop = await startFaultServer((request, response) => {
      // Created, its key echoed (so keys count as honoured), and an empty body.
      response.writeHead(201, {
        'content-type': 'application/json',
        'idempotency-key': String(request.headers['idempotency-key']),
      });
      response.end('');
    });
    cleanups.push(() => shop.close());
    const harness = await openCore(folder(), shop.url);
    await harness.core.invoke('createPet', { pet: { name: 'Bea', categoryId: '1' } });
    // Before: sent three times, each answered 201, then "needs attention" as refused by the service.
    await expect.poll(async () => (await outboxOf(harness))[0]?.check, { timeout: 15_000 }).toBe('needs_check');
    expect((await outboxOf(harness))[0]?.state).toBe('needs_attention');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(shop.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  }, 20_000);
});
