/** The clerk's check offers only rows no other animal of this counter was sent as: one row is never two animals. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { movableClock, sendJson } from '../test-support';
import { forward, passBack, startRelay } from '../test-support/relay';
import { refreshed } from '../test-support/catalogue';
import { SHOP, allPets, folder, names, openCore, outboxOf, service } from '../test-support/harness';
import { biscuitSent, openBehind, startedAgain, itemNamed, sentRows } from './test-support';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('two goldfish of the same name added while answers were lost, the service holding only the first', () => {
  it('the second is not confirmed as the first one’s animal: it still waits, and no goldfish is lost', async () => {
    const running = await service();
    let posts = 0;
    // A service that ignores keys; both answers are lost, and only the first add reached it.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        posts += 1;
        if (posts === 1) await forward(running.url, request);
        return void response.socket?.destroy();
      }
      const answer = await forward(running.url, request);
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    const [onService] = await allPets(running.url);
    await vi.waitFor(async () => {
      const items = await outboxOf(harness);
      expect(items.map((item) => item.matches?.pets.map((pet) => pet.id))).toEqual([[onService?.id], [onService?.id]]);
    });
    const [first, second] = await outboxOf(harness);

    // The drawer says "On the service: #1" for the first: the clerk confirms it.
    await harness.invoke('confirmOutboxItem', { id: first?.id ?? '' });
    // It says the same of the second, though #1 is now the first one's animal.
    await harness.core.invoke('confirmOutboxItem', { id: second?.id ?? '' });

    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Goldie']);
    const sentAs = await sentRows(harness);
    expect(sentAs).toEqual([onService?.id]);
    expect(names(await outboxOf(harness))).toEqual(['Goldie:sent', 'Goldie:needs_attention']);
  });

  it('an add in doubt is not offered the animal an earlier add of the same name was sent as', async () => {
    const running = await service();
    let lose = false;
    // A service that ignores keys; while `lose`, an add's connection dies before it reaches the service.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && lose) return void response.socket?.destroy();
      const answer = await forward(running.url, request);
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    const morning = await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    expect(morning).toMatchObject({ outcome: 'created' });
    lose = true;
    await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await vi.waitFor(async () => expect((await outboxOf(harness))[1]?.matches).toBeDefined());
    const [, second] = await outboxOf(harness);
    // "On the service: #1" — the goldfish this counter sent this morning.
    expect(second?.matches?.pets.map((pet) => pet.id)).toEqual([]);
  });
});

describe('two goldfish added while answers were lost, the shop holding one; the first confirmed, the second left at the check', () => {
  it('a start after the counter’s clock jumped eight days ahead: the second is still not offered the first one’s row', async () => {
    const clock = movableClock();
    const running = await service({ now: clock.now });
    let posts = 0;
    // A service that ignores keys; both answers are lost, and only the first add reached it.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        posts += 1;
        if (posts === 1) await forward(running.url, request);
        return void response.socket?.destroy();
      }
      passBack(response, await forward(running.url, request));
    });
    const dataDir = folder();
    const first = await openBehind(relay, dataDir, { now: clock.now });
    await first.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await first.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    const [onService] = await allPets(running.url);
    await vi.waitFor(async () =>
      expect((await outboxOf(first)).map((item) => item.matches?.pets.length)).toEqual([1, 1]),
    );
    const [one, two] = await outboxOf(first);
    await first.invoke('confirmOutboxItem', { id: one?.id ?? '' });
    // "No goldfish on the service now": the clerk means to send it again after lunch.
    expect((await outboxOf(first)).find((item) => item.id === two?.id)?.matches?.pets).toEqual([]);
    await first.core.close();
    const closedWith = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8');

    // The counter's clock set eight days ahead (a wrong date typed in, or a long holiday): the app is started.
    clock.advance(8 * DAY_MS);
    const later = await openCore(dataDir, relay.url, { now: clock.now });
    const second = async () => (await outboxOf(later)).find((item) => item.id === two?.id);
    // Its rows are looked up afresh at the start (yesterday's are dropped as the start is written).
    await vi.waitFor(() => expect(readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).not.toBe(closedWith));
    await vi.waitFor(async () => expect((await second())?.matches).toBeDefined(), { timeout: 8000 });
    // Not "On the service: #1" again, the first goldfish's animal: "It was created" would lose the second.
    expect((await second())?.matches?.pets.map((pet) => pet.id)).not.toContain(onService?.id);
  });
});

describe('three goldfish of the same name added while answers were lost, the shop holding only the first two', () => {
  it('once the clerk has confirmed two against the two rows, the third is not confirmed as well: no goldfish is lost', async () => {
    const running = await service();
    let posts = 0;
    let listsBusy = false;
    // A service that ignores keys; every answer is lost, and only the first two adds reached it. Its lists are busy
    // (503) while the three are added, so each check is looked up once all three are in doubt.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        posts += 1;
        if (posts <= 2) await forward(running.url, request);
        return void response.socket?.destroy();
      }
      if (listsBusy) {
        sendJson(response, 503, '{"code":"busy","message":"busy","status":503}');
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    const harness = await openBehind(relay);
    listsBusy = true;
    for (let one = 0; one < 3; one += 1) {
      await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    }
    listsBusy = false;
    await harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () =>
      expect((await outboxOf(harness)).map((item) => item.matches?.pets.length)).toEqual([2, 2, 2]),
    );
    // The drawer says "On the service: #2, #1" beside each; the clerk confirms each as it offers it.
    for (const item of await outboxOf(harness)) {
      const shown = (await outboxOf(harness)).find((one) => one.id === item.id);
      if (shown?.matches?.pets.length) await harness.core.invoke('confirmOutboxItem', { id: item.id });
    }

    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(2);
    // Not all three "sent": the third goldfish, never created, would be lost.
    expect(names(await outboxOf(harness))).toEqual(['Goldie:sent', 'Goldie:sent', 'Goldie:needs_attention']);
  });
});

describe('an add in doubt whose name the service keeps in another Unicode form', () => {
  it('the check finds the animal the service made of it: "Zoë" pasted decomposed, kept composed', async () => {
    const running = await service({ initialPets: SHOP });
    // A service that ignores keys and keeps names composed (NFC), as many databases do; the add's answer is lost.
    const relay = await startRelay(async (request, response) => {
      if (request.method !== 'POST') {
        passBack(response, await forward(running.url, request));
        return;
      }
      await forward(running.url, { ...request, body: request.body.normalize('NFC') });
      response.socket?.destroy();
    });
    const harness = await openBehind(relay);
    // e and U+0308, as macOS file names and some PDFs give it.
    await harness.invoke('createPet', { pet: { name: 'Zoe\u0308', categoryId: '2' } });
    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toBeDefined());
    const [zoe] = await outboxOf(harness);
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Zo\u00eb')).toHaveLength(1);
    // Not "No animal with this name and category is on the service now", whose "Send again" makes a second.
    expect(zoe?.matches?.pets.map((pet) => pet.name)).toEqual(['Zo\u00eb']);
  });
});

/**
 * Yesterday's Goldie, added at another counter: on the service and in this counter's catalogue. The service ignores
 * keys, and every add has its connection cut before it reaches it.
 */
async function shopWithYesterdaysGoldie() {
  const running = await service({ initialPets: [...SHOP, { name: 'Goldie', categoryId: '4', status: 'available' }] });
  const [yesterdays] = (await allPets(running.url)).filter((pet) => pet.name === 'Goldie');
  const relay = await startRelay(async (request, response) => {
    if (request.method === 'POST') return void response.socket?.destroy();
    passBack(response, await forward(running.url, request));
  });
  const harness = await openBehind(relay);
  await vi.waitFor(async () => {
    const catalogue = await harness.invoke('getCatalogue', {});
    expect(catalogue.pets.map((pet) => pet.id)).toContain(yesterdays?.id);
  });
  return { running, harness };
}

describe('an add in doubt, in a shop that already has an animal of the same name and category', () => {
  it('the check does not offer yesterday’s Goldie, which the catalogue listed before today’s was added', async () => {
    const { running, harness } = await shopWithYesterdaysGoldie();

    expect(await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toBeDefined());
    const [today] = await outboxOf(harness);
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(1);
    // Not "Compare it with these on the service now: id 251", yesterday's goldfish: confirmed, today's Goldie would be lost.
    expect(today?.matches?.pets.map((pet) => pet.id)).toEqual([]);
  });

  it('nor to a waiting animal the clerk renamed Goldie after yesterday’s was listed', async () => {
    const { harness } = await shopWithYesterdaysGoldie();
    // Added offline as Bubbles, then renamed before it was sent.
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Bubbles', categoryId: '4' } });
    const [bubbles] = await outboxOf(harness);
    await harness.invoke('editOutboxItem', { id: bubbles?.id, pet: { name: 'Goldie', categoryId: '4' } });
    harness.core.setPlatformOnline(true);

    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toBeDefined());
    expect((await outboxOf(harness))[0]?.matches?.pets.map((pet) => pet.id)).toEqual([]);
  });

  it('nor the other counter’s Goldie, listed while this one waited (429) before it ever left', async () => {
    const running = await service({ initialPets: SHOP });
    let busy = true;
    // A service that ignores keys; while busy it answers adds 429; then it cuts the next add before it reaches it.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && busy) {
        response.writeHead(429, { 'content-type': 'application/json' });
        return void response.end('{"status":429,"code":"busy","message":"Busy."}');
      }
      if (request.method === 'POST') return void response.socket?.destroy();
      passBack(response, await forward(running.url, request));
    });
    const harness = await openBehind(relay);
    await refreshed(harness);
    expect(await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    // The other counter adds a Goldie of its own; this counter's catalogue lists it.
    const otherCounter = await openCore(folder(), running.url);
    const others = await otherCounter.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    const othersId = others.outcome === 'created' ? others.pet.id : 'none';
    await vi.waitFor(async () => expect((await refreshed(harness)).pets.map((pet) => pet.id)).toContain(othersId));
    busy = false;
    const goldie = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Goldie');
    await vi.waitFor(async () => expect((await goldie())?.matches).toBeDefined(), { timeout: 15_000 });
    // Not "On the service: #251", the other counter's: "It was created" would lose this counter's Goldie.
    expect((await goldie())?.matches?.pets.map((pet) => pet.id)).toEqual([]);
  });
});

describe('the shop restored from a backup taken before an add of this counter, the service giving its id again', () => {
  it('the check of an add in doubt offers its row, though the forgotten animal sent from here had that id', async () => {
    const { running: before, gateway, harness } = await biscuitSent();

    // IT puts back last night's store, without Biscuit, at the same address.
    const restored = await startedAgain(before);
    await refreshed(harness);
    // Honey's answer is lost; the service gave it the id Biscuit had.
    await gateway.next('dropped');
    await harness.invoke('createPet', { pet: { name: 'Honey', categoryId: '2' } });
    await vi.waitFor(async () => expect((await itemNamed(harness, 'Honey'))?.matches).toBeDefined());
    expect((await allPets(restored.url)).filter((pet) => pet.name === 'Honey').map((pet) => pet.id)).toEqual(['251']);

    const honey = await itemNamed(harness, 'Honey');
    // Not "No animal with this name and category is on the service now", whose "Send again" makes a second Honey.
    expect(honey?.matches?.pets.map((pet) => pet.id)).toEqual(['251']);
    await harness.invoke('confirmOutboxItem', { id: honey?.id ?? '' });
    const sent = (await outboxOf(harness)).filter((item) => item.state === 'sent');
    expect(sent.map((item) => `${item.pet.name}:${item.created?.id ?? ''}`)).toEqual(['Biscuit:251', 'Honey:251']);
    expect((await allPets(restored.url)).filter((pet) => pet.name === 'Honey')).toHaveLength(1);
  });

  it('the clerk adds the forgotten Biscuit again, its answer lost, and the service gives it Biscuit’s old id: the check offers it', async () => {
    const { running: before, gateway, harness } = await biscuitSent();
    const biscuit = { pet: { name: 'Biscuit', categoryId: '2' } };
    const restored = await startedAgain(before);
    await refreshed(harness);
    // Biscuit is gone from the shop: the clerk adds it again; the answer is lost, and the service gave it #251.
    await gateway.next('dropped');
    await harness.invoke('createPet', biscuit);
    const again = async () => (await outboxOf(harness)).find((item) => item.state === 'needs_attention');
    await vi.waitFor(async () => expect((await again())?.matches).toBeDefined());
    expect((await allPets(restored.url)).filter((pet) => pet.name === 'Biscuit').map((pet) => pet.id)).toEqual(['251']);
    // The list holds a Biscuit #251 again, but not the one sent before: not "No animal … on the service now".
    expect((await again())?.matches?.pets.map((pet) => pet.id)).toEqual(['251']);
  });
});
