/** The clerk's check of an add in doubt: no word on it ("Send again", "It was created", an edit) before the service's rows
 * that may be it are looked up — a word given blind may make the animal twice, or lose it. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type Relay } from '../test-support/relay';
import { SHOP, allPets, folder, outboxOf, service, storedItems, type Harness } from '../test-support/harness';
import { openBehind } from './test-support';

/**
 * A shop of 250 behind a line that drops keys (the service cannot tell a resend) and goes down as the first add is on
 * its way: the add `reaches` the service or not, its answer is lost, and the check's look-up finds no service.
 */
async function addInDoubtWhileDown(reaches: boolean) {
  const running = await service({ initialPets: SHOP });
  let first = true;
  const relay: Relay = await startRelay(async (request, response) => {
    if (request.method === 'POST' && first) {
      first = false;
      if (reaches) await forward(running.url, request);
      return relay.setDown(true);
    }
    passBack(response, await forward(running.url, request));
  });
  const dataDir = folder();
  const harness = await openBehind(relay, dataDir);
  expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'queued',
  });
  await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.check).toBe('needs_check'));
  return { running, relay, harness, dataDir };
}

const posts = (relay: Relay) => relay.requests.filter((request) => request.method === 'POST').length;
const rexes = async (url: string) => (await allPets(url)).filter((pet) => pet.name === 'Rex');

/** The service back: the clerk refreshes until the check's rows are in. */
async function backWithRows(relay: Relay, harness: Harness) {
  await relay.setDown(false);
  await vi.waitFor(
    async () => {
      await harness.invoke('refreshCatalogue', {}).catch(() => undefined);
      expect((await outboxOf(harness))[0]?.matches).toBeDefined();
    },
    { timeout: 15_000, interval: 200 },
  );
  const [rex] = await outboxOf(harness);
  return rex;
}

describe('an add in doubt goes to the check while the service is down', () => {
  it('"Send again" and "It was created" are refused until its rows are looked up, and nothing changes', async () => {
    const { running, relay, harness, dataDir } = await addInDoubtWhileDown(true);
    const [rex] = await outboxOf(harness);
    expect(rex?.matches).toBeUndefined();
    const before = storedItems(dataDir);
    const sentBefore = posts(relay);

    // The drawer shows no rows yet: pressed all the same (the IPC can be called anyway), both are refused.
    const id = rex?.id ?? '';
    for (const method of ['retryOutboxItem', 'confirmOutboxItem'] as const) {
      expect(await harness.core.invoke(method, { id })).toMatchObject({
        ok: false,
        error: { reason: 'outbox_item_not_looked_up' },
      });
    }
    expect(await outboxOf(harness)).toEqual([rex]);
    expect(storedItems(dataDir)).toEqual(before);

    // Back: the check shows the Rex the first request made, and nothing was sent meanwhile.
    const checked = await backWithRows(relay, harness);
    expect(posts(relay)).toBe(sentBefore);
    const [made] = await rexes(running.url);
    expect(checked).toMatchObject({ check: 'needs_check', matches: { pets: [{ id: made?.id }], complete: true } });

    // The clerk sees it there and says so: one Rex, the one the shop has.
    await harness.invoke('confirmOutboxItem', { id });
    expect((await outboxOf(harness))[0]).toMatchObject({ state: 'sent', created: { id: made?.id } });
    expect(await rexes(running.url)).toHaveLength(1);
  }, 40_000);

  it('once the check shows it is not on the service, "Send again" sends it: one Rex', async () => {
    const { running, relay, harness } = await addInDoubtWhileDown(false);
    const [rex] = await outboxOf(harness);
    const id = rex?.id ?? '';
    expect(await harness.core.invoke('retryOutboxItem', { id })).toMatchObject({
      ok: false,
      error: { reason: 'outbox_item_not_looked_up' },
    });

    const checked = await backWithRows(relay, harness);
    expect(checked?.matches).toEqual({ pets: [], complete: true });
    await harness.invoke('retryOutboxItem', { id });
    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.state).toBe('sent'), { timeout: 10_000 });
    expect(await rexes(running.url)).toHaveLength(1);
  }, 40_000);

  it('a typo seen before its rows are looked up: the edit is refused (a changed copy would be a second animal)', async () => {
    const { running, relay, harness, dataDir } = await addInDoubtWhileDown(true);
    const [rex] = await outboxOf(harness);
    const id = rex?.id ?? '';
    const before = storedItems(dataDir);
    const sentBefore = posts(relay);
    expect(await harness.core.invoke('editOutboxItem', { id, pet: { name: 'Rexy', categoryId: '1' } })).toMatchObject({
      ok: false,
      error: { reason: 'outbox_item_not_looked_up' },
    });
    expect(storedItems(dataDir)).toEqual(before);

    // Back: nothing was sent meanwhile, and the check shows the Rex the first request made.
    const checked = await backWithRows(relay, harness);
    expect(posts(relay)).toBe(sentBefore);
    expect(checked?.matches?.pets.map((pet) => pet.name)).toEqual(['Rex']);
    expect((await allPets(running.url)).filter((pet) => pet.name.startsWith('Rex'))).toHaveLength(1);
  }, 40_000);
});
