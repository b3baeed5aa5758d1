/** A sent animal keeps its claim on its row through a service that lags (a replica behind, a cache): one lookup's 404,
 * or one list that lacks it, must not have the check of another add in doubt offer that row, whose "It was created"
 * would send a second goldfish as the first one's row. */
import { describe, expect, it, vi } from 'vitest';
import { synced } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { allPets, outboxOf, service } from '../test-support/harness';
import { openBehind, sentRows } from './test-support';

describe('a sent goldfish, and another of its name waiting for the check, at a service that lags', () => {
  it('one lookup answers 404 while the list holds it: the other is still not offered its row, and never sent as it', async () => {
    const running = await service();
    let posts = 0;
    let lookupLags = false;
    // A service that ignores keys. The first add goes through; the second is cut before it reaches the service. While
    // `lookupLags`, one lookup by id answers 404 (a read replica not caught up).
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 2) return void response.socket?.destroy();
      if (lookupLags && /\/pets\/\d+$/.test(request.url)) {
        lookupLags = false;
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 404, code: 'not_found', message: 'No pet with that id.' }));
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    const harness = await openBehind(relay);
    // Two goldfish added at once: one is created, the other's add never reached the service and waits for the check.
    const goldie = { pet: { name: 'Goldie', categoryId: '4' } };
    await Promise.all([harness.invoke('createPet', goldie), harness.invoke('createPet', goldie)]);
    const [made] = await allPets(running.url);
    const inDoubt = async () => (await outboxOf(harness)).find((item) => item.state === 'needs_attention');
    // Its check offers no row: the only Goldie on the service is the first one's.
    await vi.waitFor(async () => expect((await inDoubt())?.matches?.pets).toEqual([]), { timeout: 10_000 });

    // The clerk looks the first Goldie up by its id; the service's replica answers 404 this once.
    lookupLags = true;
    expect(await harness.core.invoke('lookupPet', { id: made?.id })).toMatchObject({ ok: false });
    // One 404 is not the list's word: the drawer still offers no row.
    expect((await inDoubt())?.matches?.pets).toEqual([]);
    // A Refresh: the whole list holds the first Goldie, as it always did.
    await harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () => expect((await harness.invoke('getCatalogue', {})).state).toBe('fresh'), {
      timeout: 10_000,
    });
    expect((await harness.invoke('lookupPet', { id: made?.id })).pet).toMatchObject({ name: 'Goldie' });

    const second = await inDoubt();
    // Promised: the row is still the first Goldie's; the drawer offers none.
    const offered = second?.matches?.pets.map((pet) => pet.id);
    // The drawer says "On the service: Goldie #1": the clerk confirms it.
    if (offered?.length) await harness.invoke('confirmOutboxItem', { id: second?.id ?? '' });
    const sentAs = await sentRows(harness);
    expect({ offered, sentAs }).toEqual({ offered: [], sentAs: [made?.id] });
  });

  it('one list that lacks the first goldfish (a replica behind), the next that holds it again: the other is still not offered its row', async () => {
    const running = await service();
    let posts = 0;
    let listLags = false;
    // A service that ignores keys. The first add goes through; the second is cut before it reaches the service. While
    // `listLags`, the list's pages leave Goldies out.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 2) return void response.socket?.destroy();
      let answer = await forward(running.url, request);
      if (listLags && request.method === 'GET' && /\/pets\?/.test(request.url) && answer.status === 200) {
        const pets = JSON.parse(answer.text) as { name: string }[];
        const headers = new Headers(answer.headers);
        headers.delete('content-length');
        headers.delete('etag');
        answer = { ...answer, headers, text: JSON.stringify(pets.filter((pet) => pet.name !== 'Goldie')) };
      }
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    const goldie = { pet: { name: 'Goldie', categoryId: '4' } };
    await Promise.all([harness.invoke('createPet', goldie), harness.invoke('createPet', goldie)]);
    const [made] = await allPets(running.url);
    const inDoubt = async () => (await outboxOf(harness)).find((item) => item.state === 'needs_attention');
    await vi.waitFor(async () => expect((await inDoubt())?.matches?.pets).toEqual([]), { timeout: 10_000 });
    // A Refresh, and its sync done (a copy synced before it is no proof of it).
    const refresh = async () => {
      const { syncedAt } = await harness.invoke('getCatalogue', {});
      await harness.invoke('refreshCatalogue', {});
      await synced(harness, syncedAt ?? 0);
    };
    // A Refresh lists the first Goldie. The next is answered by a replica behind: no Goldie listed. The one after, by
    // the service itself: the Goldie is back.
    await refresh();
    listLags = true;
    await refresh();
    listLags = false;
    await refresh();
    const second = await inDoubt();
    const offered = second?.matches?.pets.map((pet) => pet.id);
    if (offered?.length) await harness.invoke('confirmOutboxItem', { id: second?.id ?? '' });
    const sentAs = await sentRows(harness);
    expect({ offered, sentAs }).toEqual({ offered: [], sentAs: [made?.id] });
  });
});
