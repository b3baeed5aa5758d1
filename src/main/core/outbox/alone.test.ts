/** One animal failing on its own backs off on its own, and after a few tries goes before the clerk; another shop's
 * answers hurry nobody. Against the reference service holding 250 animals. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import {
  KEY,
  SHOP,
  allPets,
  cleanups,
  folder,
  openCore,
  outboxOf,
  service,
  type Harness,
} from '../test-support/harness';

const stateOf = async (harness: Pick<Harness, 'invoke'>, name: string) => {
  const item = (await outboxOf(harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

/** A gateway in front of the service that answers 403 to the animals named here (a WAF rule), passes the rest. */
async function forbiddingGateway(target: string, forbidden: Set<string>) {
  const origin = new URL(target).origin;
  const posts: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'POST') {
          const { name } = JSON.parse(body) as { name: string };
          posts.push(name);
          if (forbidden.has(name)) {
            response.writeHead(403, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ status: 403, code: 'forbidden', message: `Rule 942100 blocked ${name}.` }));
            return;
          }
        }
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([k]) => !['connection', 'content-length', 'host'].includes(k)),
        ) as Record<string, string>;
        const answer = await fetch(`${origin}${request.url ?? ''}`, {
          method: request.method,
          headers,
          body: body === '' ? undefined : body,
        });
        const text = await answer.text();
        const out = Object.fromEntries(
          [...answer.headers].filter(([k]) => !['connection', 'content-length', 'transfer-encoding'].includes(k)),
        );
        response.writeHead(answer.status, out);
        response.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1`, posts };
}

describe('one animal a gateway refuses with 403 while the key works for every other animal', () => {
  it('is not resent at every answer of the service, and goes before the clerk after a bounded number of tries', async () => {
    const running = await service({ initialPets: SHOP });
    const gateway = await forbiddingGateway(running.url, new Set(['Blocked']));
    const harness = await openCore(folder(), gateway.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    // Queued offline (a direct add would show the 403 in the form), then back online.
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Blocked', categoryId: '2' } });
    await harness.invoke('createPet', { pet: { name: 'Good', categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(await stateOf(harness, 'Good')).toBe('sent'), { timeout: 5000 });
    // The counter goes on: each Refresh (as the header's 5 s check, a sync, any answer) is an answer of the service.
    for (let i = 0; i < 8; i += 1) {
      await harness.invoke('refreshCatalogue', {});
      await sleep(300);
    }
    const tries = gateway.posts.filter((name) => name === 'Blocked').length;
    expect(await allPets(running.url).then((pets) => pets.filter((pet) => pet.name === 'Good').length)).toBe(1);
    // A few tries, then before the clerk with the gateway's words; the key is not blamed.
    expect(tries).toBeLessThanOrEqual(3);
    const blocked = (await outboxOf(harness)).find((item) => item.pet.name === 'Blocked');
    expect(blocked).toMatchObject({ state: 'needs_attention', check: 'rejected' });
    expect(blocked?.lastError).toMatchObject({
      status: 403,
      params: { serviceSaid: expect.stringContaining('Rule 942100') as unknown },
    });
    expect((await harness.invoke('getStatus', {})).connectivity.service).toEqual({ health: 'online' });
  });
});

describe('two animals whose requests are always cut off, ahead of a good one (keys honoured)', () => {
  it('the good one behind them is still sent while the service answers everything else', async () => {
    const running = await service({ initialPets: SHOP });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    proxy.cutOff.add('Cut 1');
    proxy.cutOff.add('Cut 2');
    harness.core.setPlatformOnline(false);
    for (const name of ['Cut 1', 'Cut 2', 'Good'])
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    // The service is up: the header's check (every 5 s) and the clerk's Refresh are answered.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await stateOf(harness, 'Good')) !== 'sent') {
      await harness.invoke('refreshCatalogue', {});
      await sleep(500);
    }
    expect(await stateOf(harness, 'Good')).toBe('sent');
    // Each answer to the Refresh did not send the two again: they keep their own back-off.
    expect(proxy.posts.filter((one) => one.startsWith('Cut')).length).toBeLessThanOrEqual(8);
  });

  it('one alone goes before the clerk after three tries', async () => {
    const running = await service({ initialPets: SHOP });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    proxy.cutOff.add('Cut');
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cut', categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    // The clerk goes on: each Refresh is an answer of the service, which shows the failures are the animal's own.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await stateOf(harness, 'Cut')) === 'queued') {
      await harness.invoke('refreshCatalogue', {});
      await sleep(500);
    }
    expect(await stateOf(harness, 'Cut')).toBe('needs_attention:needs_check');
    expect(proxy.posts.filter((one) => one === 'Cut').length).toBe(3);
    // Cut off before the service: nothing was created, and the clerk's check finds no match to confirm.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Cut')).toHaveLength(0);
  }, 30_000);
});

describe('the demo shop down while the production shop answers (keys honoured in both)', () => {
  it('the demo shop’s line backs off, instead of being sent again at every answer from production', async () => {
    const demo = await startFaultProxy((await service()).url, { ignoreKeys: false });
    const production = await service({ initialPets: SHOP });
    cleanups.push(() => demo.close());
    const harness = await openCore(folder(), demo.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await harness.invoke('setBaseUrl', { environmentId: 'production', baseUrl: production.url });
    await harness.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    // Queued for the demo shop while the counter was offline; the clerk then works in production.
    harness.core.setPlatformOnline(false);
    for (const name of ['Away 1', 'Away 2']) await harness.invoke('createPet', { pet: { name, categoryId: '1' } });
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    demo.down = true;
    harness.core.setPlatformOnline(true);
    const started = Date.now();
    for (let i = 0; i < 12; i += 1) {
      await harness.invoke('refreshCatalogue', {});
      await sleep(400);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    const tries = demo.posts.filter((name) => name.startsWith('Away')).length;
    // Two animals failing in a row: the demo line waits a back-off (1, 2, 4, 8 s...), a handful of tries at most.
    expect(tries).toBeLessThanOrEqual(8);
  });
});

describe('two cut-off animals ahead of a good one, the clerk touching nothing', () => {
  it('the good one is sent within 20 s, with only the header’s own checks answering', async () => {
    const running = await service({ initialPets: SHOP });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    proxy.cutOff.add('Cut 1');
    proxy.cutOff.add('Cut 2');
    harness.core.setPlatformOnline(false);
    for (const name of ['Cut 1', 'Cut 2', 'Good'])
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await stateOf(harness, 'Good')) !== 'sent') await sleep(500);
    expect(await stateOf(harness, 'Good')).toBe('sent');
  }, 30_000);
});

describe('the demo shop’s key revoked while animals wait for it, the clerk working in production', () => {
  it('the demo shop is not sent the refused key again at every answer from production', async () => {
    const demo = await startFaultProxy((await service()).url, { ignoreKeys: false });
    const production = await service({ initialPets: SHOP });
    cleanups.push(() => demo.close());
    const harness = await openCore(folder(), demo.url);
    await harness.invoke('setBaseUrl', { environmentId: 'production', baseUrl: production.url });
    await harness.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    harness.core.setPlatformOnline(false);
    for (const name of ['Away 1', 'Away 2']) await harness.invoke('createPet', { pet: { name, categoryId: '1' } });
    // The demo key is replaced by one the service refuses (401), and the clerk goes on in production.
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: 'revoked-key-0123456789' });
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    harness.core.setPlatformOnline(true);
    const started = Date.now();
    for (let i = 0; i < 12; i += 1) {
      await harness.invoke('refreshCatalogue', {});
      await sleep(400);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(demo.posts.filter((name) => name.startsWith('Away')).length).toBeLessThanOrEqual(8);
  });
});
