/** A key the service refuses for adds while its lists still answer (public reads, or a revocation that reached the
 * write path first): the animals waiting are the key's, not their own, and go once a key works. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import { KEY, SHOP, cleanups, folder, openCore, outboxOf, service, storedItems } from '../test-support/harness';
import type { Harness } from '../test-support/harness';

const stateOf = async (harness: Pick<Harness, 'invoke'>, name: string) => {
  const item = (await outboxOf(harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

/** In front of the service: while `revoked`, every add is answered 401; lists pass (the service's reads are public). */
async function writeGate(target: string) {
  const origin = new URL(target).origin;
  const gate = { revoked: false, posts: 0, url: '', onlyKey: undefined as string | undefined };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const refusedKey = gate.onlyKey === undefined || request.headers.authorization === `Bearer ${gate.onlyKey}`;
        if (request.method === 'POST' && gate.revoked && refusedKey) {
          gate.posts += 1;
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ status: 401, code: 'unauthorized', message: 'API key revoked.' }));
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([n]) => !['host', 'connection', 'content-length'].includes(n)),
        ) as Record<string, string>;
        const answer = await fetch(`${origin}${request.url ?? ''}`, {
          method: request.method,
          headers,
          body: body === '' ? undefined : body,
        });
        const text = await answer.text();
        const kept = [...answer.headers].filter(
          ([n]) => !['connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(n),
        );
        response.writeHead(answer.status, Object.fromEntries(kept));
        response.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return gate;
}

async function refresh(harness: Harness, times: number) {
  for (let i = 0; i < times; i += 1) {
    await harness.invoke('refreshCatalogue', {});
    await sleep(500);
  }
}

describe('the key refused for adds (401) while the lists answer', () => {
  it('the waiting animals wait for the key, and go once it works again (not refused before the clerk)', async () => {
    const running = await service({ initialPets: SHOP });
    const gate = await writeGate(running.url);
    const harness = await openCore(folder(), gate.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    harness.core.setPlatformOnline(false);
    for (const name of ['Wait 1', 'Wait 2']) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    gate.revoked = true;
    harness.core.setPlatformOnline(true);
    await refresh(harness, 6);
    // Tried at its own pace (1, 2 s…), not at each of the answers the lists got.
    expect(gate.posts).toBeLessThanOrEqual(6);
    // The key is what is refused: nothing before the clerk as "refused".
    expect(await stateOf(harness, 'Wait 1')).toBe('queued');
    gate.revoked = false;
    await refresh(harness, 1);
    await vi.waitFor(async () => expect(await stateOf(harness, 'Wait 1')).toBe('sent'), { timeout: 15_000 });
  }, 40_000);
});

describe('a key with no right to add (403 on every add) while the lists answer', () => {
  it('the waiting animals are not refused one by one as the animal’s own fault', async () => {
    const running = await service({ initialPets: SHOP });
    const gateway = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => gateway.close());
    // A key that has never added an animal here: a 403 says nothing of the animals.
    const harness = await openCore(folder(), gateway.url);
    harness.core.setPlatformOnline(false);
    for (const name of ['Wait 1', 'Wait 2', 'Wait 3']) {
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
      gateway.forbidden.add(name);
    }
    harness.core.setPlatformOnline(true);
    await refresh(harness, 6);
    const states = await Promise.all(['Wait 1', 'Wait 2', 'Wait 3'].map((name) => stateOf(harness, name)));
    expect(states).toEqual(['queued', 'queued', 'queued']);
  }, 40_000);
});

describe('the key revoked for adds, the clerk touching nothing', () => {
  it('the header’s own check (every 5 s) does not turn the waiting animals into refusals', async () => {
    const running = await service({ initialPets: SHOP });
    const gate = await writeGate(running.url);
    const harness = await openCore(folder(), gate.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Idle', categoryId: '2' } });
    gate.revoked = true;
    harness.core.setPlatformOnline(true);
    await sleep(25_000);
    expect(await stateOf(harness, 'Idle')).toBe('queued');
  }, 40_000);
});

describe('the key revoked for adds, the clerk puts in a new key that works', () => {
  it('the animal waiting is sent with the new key, not refused', async () => {
    const NEW_KEY = 'new-working-key-0123456789';
    const running = await service({ initialPets: SHOP, apiKeys: [KEY, NEW_KEY] });
    const gate = await writeGate(running.url);
    gate.onlyKey = KEY;
    const dataDir = folder();
    const harness = await openCore(dataDir, gate.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Late', categoryId: '2' } });
    gate.revoked = true;
    harness.core.setPlatformOnline(true);
    // The clerk works on (two answers) before seeing that adds are refused.
    const own = () => storedItems(dataDir).find((item) => item.pet.name === 'Late')?.ownFailures ?? 0;
    for (let i = 0; i < 10 && own() < 2; i += 1) await refresh(harness, 1);
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: NEW_KEY });
    await sleep(3_000);
    expect(await stateOf(harness, 'Late')).toBe('sent');
  }, 40_000);
});
