import { describe, expect, it, vi } from 'vitest';
import { closedPort } from './test-support';
import { allPets, cleanups, folder, KEY, names, openCore, outboxOf, service } from './test-support/harness';
import { forward, passBack, startRelay } from './test-support/relay';
import { refreshed } from './test-support/catalogue';

/** What the header says for the environment in use, from the catalogue's real requests to the reference service. */
describe('the header tells the truth about the environment in use', () => {
  it('says "no key", then "not checked yet", then "online" once the service answered', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    const { invoke } = harness;
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'no_key' });

    await invoke('selectEnvironment', { environmentId: 'demo' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });

    await refreshed(harness);
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'online' });
  });

  it('passes through "connecting" while the first request is under way', async () => {
    const running = await service();
    // A slow network: the first answers wait until the test lets them through.
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    const slowFetch: typeof fetch = async (input, init) => {
      await held;
      return fetch(input, init);
    };
    const { core, invoke } = await openCore(folder(), running.url, { fetch: slowFetch });
    const shown: string[] = [];
    core.on('onConnectivity', (state) => shown.push(state.service.health));
    const health = async () => (await invoke('getStatus', {})).connectivity.service.health;
    await expect.poll(health).toBe('connecting');
    letThrough();
    await expect.poll(health).toBe('online');
    // The header is told too, not only a reply.
    expect(shown).toContain('connecting');
    expect(shown.at(-1)).toBe('online');
  });

  it('says "online" as soon as one answer comes, while a slow request is still under way', async () => {
    const running = await service({ initialPets: [{ name: 'Bubbles', categoryId: '1' }] });
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    // The catalogue's pages wait; a lookup by id goes through.
    const slowList: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/pets?')) await held;
      return fetch(input, init);
    };
    const { core, invoke } = await openCore(folder(), running.url, { fetch: slowList });
    const shown: string[] = [];
    core.on('onConnectivity', (state) => shown.push(state.service.health));
    await expect.poll(async () => (await invoke('getStatus', {})).connectivity.service.health).toBe('connecting');
    await invoke('lookupPet', { id: '1' });
    await expect.poll(() => shown.at(-1)).toBe('online');
    letThrough();
  });

  it('calls a refused key a service error, not "online" or "offline"', async () => {
    const running = await service({ apiKeys: ['another-key'] });
    const harness = await openCore(folder(), running.url);
    await refreshed(harness);
    expect((await harness.invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'service_error',
      problem: 'key_refused',
    });
  });

  it('calls a host name that does not exist a wrong address, not "offline"', async () => {
    const harness = await openCore(folder(), 'https://no-such-host.invalid/v1');
    await refreshed(harness);
    expect((await harness.invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'service_error',
      problem: 'address_not_found',
    });
  });

  it('says "service unreachable" when the service stops answering, and "not checked yet" for a new key', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    const { invoke } = harness;
    await refreshed(harness);
    await running.close();
    await refreshed(harness);
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'offline', problem: 'unreachable' });

    await invoke('setApiKey', { environmentId: 'demo', apiKey: `${KEY}-new` });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });
  });

  it('says "service unreachable" by itself when the service stops answering without refusing, before a request would give up', async () => {
    const running = await service();
    const state = { frozen: false };
    // A frozen machine, a lost uplink, a gateway holding requests: the connection is taken, no answer comes.
    const relay = await startRelay(async (request, response) => {
      if (state.frozen) return new Promise<void>(() => undefined);
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    // Other requests wait a minute for an answer; the header's own check gives up long before.
    const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 60_000 });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health).toBe('online');

    state.frozen = true;
    await expect
      .poll(header, { timeout: 30_000, interval: 250 })
      .toEqual({ health: 'offline', problem: 'unreachable' });
  }, 60_000);

  it('says "service unreachable" within 10 s of the service freezing, though a lookup just took it 2.5 s to answer', async () => {
    const running = await service({ initialPets: [{ name: 'Bubbles', categoryId: '1' }] });
    const state = { frozen: false };
    // The deprecated lookup by id is slow, more than half the check's 4 s; every other request answers at once.
    const relay = await startRelay(async (request, response) => {
      if (state.frozen) return new Promise<void>(() => undefined);
      if (/^\/v1\/pets\/\d+$/.test(request.url)) await new Promise((resolve) => setTimeout(resolve, 2_500));
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 60_000 });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health).toBe('online');
    await harness.invoke('lookupPet', { id: '1' });

    const frozenAt = performance.now();
    state.frozen = true;
    await expect
      .poll(header, { timeout: 30_000, interval: 250 })
      .toEqual({ health: 'offline', problem: 'unreachable' });
    expect(performance.now() - frozenAt).toBeLessThan(10_000);
  }, 60_000);

  it('keeps saying "online" for a slow service that answers every request, however long its check takes', async () => {
    const running = await service();
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      await new Promise((resolve) => setTimeout(resolve, 800));
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    // The check would give up after 300 ms on a service that answered quickly so far; this one takes 800 ms.
    const harness = await openCore(folder(), relay.url, {
      requestTimeoutMs: 10_000,
      checkTimeoutMs: 300,
      freshness: { checkEveryMs: 100 },
    });
    const checks = () => relay.requests.filter((request) => request.url.includes('limit=1')).length;
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health).toBe('online');
    // A check already under way when the first slow answer came may still give up; the ones after it wait.
    const asked = checks();
    await expect.poll(checks).toBeGreaterThanOrEqual(asked + 2);
    const shown: string[] = [];
    harness.core.on('onConnectivity', (state) => shown.push(state.service.health));
    await expect.poll(checks, { timeout: 20_000 }).toBeGreaterThanOrEqual(asked + 5);
    expect(shown).not.toContain('offline');
    expect((await header()).health).toBe('online');
  }, 60_000);

  it('keeps saying "online", with the app’s own check settings, for a slow line where every answer takes 4.5 s', async () => {
    const running = await service({ initialPets: [{ name: 'Bubbles', categoryId: '1' }] });
    // Longer than the check's own 4 s, shorter than the 10 s within which a frozen service must show.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 30_000 });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health, { timeout: 30_000, interval: 250 }).toBe('online');
    const shown: string[] = [];
    harness.core.on('onConnectivity', (state) => shown.push(state.service.health));
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    expect(shown).not.toContain('offline');
    expect((await header()).health).toBe('online');
  }, 90_000);

  it('says "no network" whatever the last answer was when the computer itself is offline', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    await refreshed(harness);
    harness.core.setPlatformOnline(false);
    expect((await harness.invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'offline',
      problem: 'no_network',
    });
  });

  it('counts the animals waiting for the environment in use, the ones its drawer shows, not another’s', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    const { invoke } = harness;
    await invoke('setBaseUrl', {
      environmentId: 'staging',
      baseUrl: `http://127.0.0.1:${String(await closedPort())}/v1`,
    });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });
    await invoke('selectEnvironment', { environmentId: 'staging' });
    await invoke('createPet', { pet: { name: 'Staging test', categoryId: '1' } });
    expect((await invoke('getStatus', {})).connectivity.waiting).toBe(1);
    await invoke('selectEnvironment', { environmentId: 'demo' });
    expect((await invoke('getStatus', {})).connectivity.waiting).toBe(0);
    // Quitting still warns of it.
    expect(harness.core.unsentAnimals()).toBe(1);
  });
});

describe('an add the service takes at once', () => {
  it('answers with the outbox and header it left, newer than every event the add sent on the way', async () => {
    const running = await service();
    const harness = await openCore(folder(), running.url);
    await refreshed(harness);
    const pushed = { outbox: [0], connectivity: [0] };
    harness.core.on('onOutbox', ({ revision }) => pushed.outbox.push(revision));
    harness.core.on('onConnectivity', ({ revision }) => pushed.connectivity.push(revision));

    const added = await harness.invoke('createPet', { pet: { name: 'Max', categoryId: '1' } });

    // A screen that reads this answer before the events has nothing to count as not sent, and drops them when they come.
    expect(added).toMatchObject({ outcome: 'created', pet: { name: 'Max' } });
    expect(added.outbox.items.map((item) => `${item.pet.name}:${item.state}`)).toEqual(['Max:sent']);
    expect(added.connectivity).toMatchObject({ sending: 0, waiting: 0, toCheck: 0 });
    expect(pushed.outbox.length).toBeGreaterThan(1);
    expect(added.outbox.revision).toBeGreaterThan(Math.max(...pushed.outbox));
    expect(added.connectivity.revision).toBeGreaterThan(Math.max(...pushed.connectivity));
  });
});

/** A gateway in front of the reference service: `busy` answers the next list request 429 with a Retry-After of 2 s. */
async function busyGateway(target: string) {
  const state = { busy: false };
  const relay = await startRelay(async (request, response) => {
    if (state.busy && request.url.startsWith('/v1/pets?')) {
      state.busy = false;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
      return void response.end(JSON.stringify({ code: 'rate_limited', message: 'Too many requests', status: 429 }));
    }
    passBack(response, await forward(target, request));
  });
  cleanups.push(() => relay.close());
  return { relay, state };
}

describe('the header when the service asks the counter to wait (Retry-After)', () => {
  it('says until when, never "online"; its checks send nothing meanwhile; then it asks again', async () => {
    const running = await service();
    const { relay, state } = await busyGateway(running.url);
    const harness = await openCore(folder(), relay.url, { freshness: { checkEveryMs: 100 } });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health).toBe('online');

    state.busy = true;
    await expect.poll(async () => (await header()).health).toBe('waiting');
    const asked = relay.requests.length;
    const waiting = await header();
    expect(waiting.until).toBeGreaterThan(Date.now() - 2_000);
    // The header's check runs every 100 ms here: none of them goes out until the wait is over.
    let shown = waiting;
    while (shown.health === 'waiting') {
      expect(relay.requests.length).toBe(asked);
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await header();
    }
    await expect.poll(async () => (await header()).health).toBe('online');
    expect(relay.requests.length).toBeGreaterThan(asked);
  });

  it('asks again the moment the wait ends: a service gone meanwhile is "unreachable" then, not minutes later', async () => {
    const running = await service();
    const { relay, state } = await busyGateway(running.url);
    // The periodic check is ten minutes away: only the wait's end can ask.
    const harness = await openCore(folder(), relay.url, { freshness: { checkEveryMs: 600_000 } });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health).toBe('online');

    state.busy = true;
    await harness.invoke('refreshCatalogue', {});
    await expect.poll(async () => (await header()).health).toBe('waiting');
    await relay.setDown(true);
    await expect.poll(header, { timeout: 15_000 }).toEqual({ health: 'offline', problem: 'unreachable' });
  });
});

describe('an add whose answer was lost after the service created it', () => {
  it('waits in the drawer for the clerk’s check, and the header counts it as the drawer does: to check, not to send', async () => {
    const running = await service();
    // The service creates the animal; the answer is lost on the way back.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      if (request.method === 'POST') return void response.socket?.destroy();
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Cid:needs_attention']));
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);

    const drawerWaiting = (await outboxOf(harness)).filter((item) => item.state !== 'sent');
    const { connectivity } = await harness.invoke('getStatus', {});
    expect(connectivity).toMatchObject({ sending: 0, waiting: 0, toCheck: drawerWaiting.length });
  });
});
