/** The clerk's check of an add in doubt while the service keeps failing on one page of its list (a 500 every time) and
 * answers the rest: the check shows what could be read, says the rest could not, and the clerk can act on it; once the
 * whole list reads again, the check is made again on it. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type Relay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

/** A shop of 4,000 (41 pages) behind a line that drops keys: the first add reaches the service, its answer is lost, and
 * from then on (until `mend`) the page of the list after the first 100 fails: answered 500, or (`dropped`) cut off with
 * no answer. */
async function addInDoubtWithAFailingPage(dropped = false) {
  const running = await service({ initialPets: Array.from({ length: 16 }, () => SHOP).flat() });
  const line = { answerLost: false, failing: false };
  const relay: Relay = await startRelay(async (request, response) => {
    if (line.failing && request.method === 'GET' && /[?&]after=100(&|$)/.test(request.url)) {
      if (dropped) {
        response.socket?.destroy();
        return;
      }
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'storage node down' }));
      return;
    }
    const answer = await forward(running.url, request);
    if (request.method === 'POST' && !line.answerLost) {
      line.answerLost = true;
      line.failing = true;
      response.socket?.destroy();
      return;
    }
    passBack(response, answer);
  });
  cleanups.push(() => relay.close());
  // 41 pages, 32 at a time, through the relay on a busy machine: more than the harness's second each.
  const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 10_000 });
  // The whole shop synced once (its later pages are known) before the add.
  await harness.invoke('refreshCatalogue', {});
  expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'queued',
  });
  const [made] = (await allPets(running.url)).filter((pet) => pet.name === 'Rex');
  return { running, harness, made, mend: () => (line.failing = false) };
}

describe('an add in doubt, the service failing on one page of its list and answering the others', () => {
  it('the check shows the Rex found in the pages read (the last, far past the one failing), says part of the shop was not, and "It was created" takes it', async () => {
    const { running, harness, made } = await addInDoubtWithAFailingPage();
    const [rex] = await vi.waitFor(
      async () => {
        const items = await outboxOf(harness);
        expect(items[0]?.matches).toBeDefined();
        return items;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(rex).toMatchObject({
      check: 'needs_check',
      matches: { pets: [{ id: made?.id, name: 'Rex' }], complete: false, unread: true },
    });
    await harness.invoke('confirmOutboxItem', { id: rex?.id });
    expect((await outboxOf(harness))[0]).toMatchObject({ state: 'sent', created: { id: made?.id } });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Rex')).toHaveLength(1);
  }, 40_000);

  it('the page answers again and a Refresh reads the whole shop: the check is made again on it, no longer "part unread"', async () => {
    const { harness, made, mend } = await addInDoubtWithAFailingPage();
    await vi.waitFor(
      async () => expect((await outboxOf(harness))[0]?.matches).toMatchObject({ unread: true, complete: false }),
      { timeout: 15_000, interval: 100 },
    );
    mend();
    void harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () => expect((await harness.invoke('getCatalogue', {})).state).toBe('fresh'), {
      timeout: 30_000,
      interval: 500,
    });
    await vi.waitFor(
      async () => {
        const [rex] = await outboxOf(harness);
        expect(rex?.matches?.unread).toBeUndefined();
        expect(rex?.matches).toMatchObject({ pets: [{ id: made?.id, name: 'Rex' }], complete: true });
      },
      { timeout: 10_000, interval: 200 },
    );
  }, 60_000);

  it('the line cut on that page (no answer, as a service going down): the check holds until a whole list comes', async () => {
    const { harness } = await addInDoubtWithAFailingPage(true);
    await vi.waitFor(async () => expect((await harness.invoke('getCatalogue', {})).state).not.toBe('syncing'), {
      timeout: 15_000,
    });
    // A Refresh that ends as the check's look-up did: cut on that page.
    expect((await harness.invoke('refreshCatalogue', {})).state).not.toBe('fresh');
    // A moment for a look-up that ended with it to be written (none should be).
    await sleep(300);
    const [rex] = await outboxOf(harness);
    expect(rex?.matches).toBeUndefined();
    expect(await harness.core.invoke('retryOutboxItem', { id: rex?.id })).toMatchObject({
      ok: false,
      error: { reason: 'outbox_item_not_looked_up' },
    });
  }, 40_000);
});
