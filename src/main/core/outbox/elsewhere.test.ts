/** The environment's address or key changes while an animal is in doubt: it goes nowhere else without the clerk's check. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { writeAtomically } from '../document-writer';
import { startFaultProxy } from '../test-support/fault-proxy';
import { forward, passBack, startRelay } from '../test-support/relay';
import { KEY, SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import type { Harness } from '../test-support/harness';

const NEW_KEY = 'core-test-key-rotated-987654321';
const AGREE = { confirmKeyOrigin: () => Promise.resolve(true) };

const stateOf = async (harness: Harness, name: string) => {
  const item = (await outboxOf(harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};
const held = async (url: string, name: string) => (await allPets(url)).filter((pet) => pet.name === name).length;

/** A shop of 250 that honours keys (proved by a first add) behind `gateway`, and Bella's answer lost there. */
async function bellaInDoubt(options: { apiKeys?: string[] } = {}) {
  const running = await service({ initialPets: SHOP, apiKeys: options.apiKeys ?? [KEY] });
  const gateway = await startFaultProxy(running.url, { ignoreKeys: false });
  cleanups.push(() => gateway.close());
  const harness = await openCore(folder(), gateway.url, AGREE);
  await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
  await gateway.next('dropped');
  expect((await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } })).outcome).toBe('queued');
  expect(await held(running.url, 'Bella')).toBe(1);
  return { running, gateway, harness };
}

describe('an animal whose answer was lost, and the environment now goes elsewhere', () => {
  it('to another gateway in front of the same shop: it waits for the clerk’s check there, and the shop holds it once', async () => {
    const { running, gateway, harness } = await bellaInDoubt();
    // The new gateway drops the Idempotency-Key: the key would protect nothing there.
    const newGateway = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => newGateway.close());
    gateway.down = true;
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: newGateway.url });
    await vi.waitFor(async () => expect(await stateOf(harness, 'Bella')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    expect(newGateway.posts).not.toContain('Bella');
    expect(await held(running.url, 'Bella')).toBe(1);
  });

  it('with a new key for the same address: the service never saw the key with it, so the clerk checks; held once', async () => {
    const { running, gateway, harness } = await bellaInDoubt({ apiKeys: [KEY, NEW_KEY] });
    gateway.down = true;
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: NEW_KEY });
    gateway.down = false;
    await vi.waitFor(async () => expect(await stateOf(harness, 'Bella')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    expect(gateway.posts.filter((name) => name === 'Bella')).toHaveLength(1);
    expect(await held(running.url, 'Bella')).toBe(1);
  });

  it('in the middle of a resend of several: those not sent yet are not sent to the new address; each is held once', async () => {
    const running = await service({ initialPets: SHOP });
    const gateway = await startFaultProxy(running.url, { ignoreKeys: false });
    const newGateway = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(
      () => gateway.close(),
      () => newGateway.close(),
    );
    const harness = await openCore(folder(), gateway.url, AGREE);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    for (const name of ['Tom', 'Bella']) {
      await gateway.next('dropped');
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    }
    // Both resent together (keys are honoured there) once the network is back; the first resend hangs.
    harness.core.setPlatformOnline(false);
    await gateway.next('hang');
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(gateway.posts.filter((name) => name === 'Tom')).toHaveLength(2));
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: newGateway.url });
    await vi.waitFor(async () => expect(await stateOf(harness, 'Bella')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    expect(newGateway.posts).toEqual([]);
    expect(await held(running.url, 'Bella')).toBe(1);
  });

  it('an animal never sent (offline) goes to the new address and is created there once', async () => {
    const running = await service({ initialPets: SHOP });
    const harness = await openCore(folder(), running.url, AGREE);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Luna', categoryId: '3' } });
    const newGateway = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => newGateway.close());
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: newGateway.url });
    harness.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(await stateOf(harness, 'Luna')).toBe('sent'), { timeout: 15_000 });
    expect(newGateway.posts).toEqual(['Luna']);
    expect(await held(running.url, 'Luna')).toBe(1);
  });
});

describe('an add answered after the clerk changed the address', () => {
  it('proves nothing about keys at the new address: an answer lost there waits for the clerk, held once', async () => {
    const running = await service({ initialPets: SHOP });
    // The old address honours keys and is slow to answer an add; the new one drops the key.
    const slowOld = await startRelay(async (request, response) => {
      if (request.method === 'POST') await sleep(800);
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
      passBack(response, answer);
    });
    const newGateway = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(
      () => slowOld.close(),
      () => newGateway.close(),
    );
    const harness = await openCore(folder(), slowOld.url, AGREE);
    const rex = harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await vi.waitFor(() => expect(slowOld.requests.some((one) => one.method === 'POST')).toBe(true));
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: newGateway.url });
    expect((await rex).outcome).toBe('created');
    await newGateway.next('dropped');
    await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    await vi.waitFor(async () => expect(await stateOf(harness, 'Bella')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    expect(await held(running.url, 'Bella')).toBe(1);
  });
});

describe('animals sent from here, and the environment moved to another shop', () => {
  it('are shown with the shop they were sent to: not in the other shop’s list, back with their own', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP });
    const harness = await openCore(folder(), shopA.url, AGREE);
    await harness.invoke('createPet', { pet: { name: 'Only in shop A', categoryId: '2' } });
    const sentHere = async () => (await outboxOf(harness)).map((item) => `${item.pet.name}:${item.state}`);
    expect(await sentHere()).toEqual(['Only in shop A:sent']);
    const told: number[] = [];
    harness.core.on('onOutbox', (outbox) => told.push(outbox.items.length));
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    expect(await sentHere()).toEqual([]);
    // The screens are told, not only a screen that asks.
    expect(told.at(-1)).toBe(0);
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopA.url });
    expect(await sentHere()).toEqual(['Only in shop A:sent']);
  });

  it('one added while its mark was slow to write, Settings moving meanwhile: created in one shop, whose drawer alone says so', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP.slice(0, 5) });
    // A disk (a network drive, a virus scanner) that holds one write until let go.
    let hold: Promise<void> | undefined;
    let holding = false;
    let letGo = () => {};
    const writeOutbox = async (path: string, text: string) => {
      if (hold) {
        holding = true;
        await hold;
      }
      await writeAtomically(path, text);
    };
    const harness = await openCore(folder(), shopA.url, { ...AGREE, writeOutbox });
    hold = new Promise((resolve) => (letGo = resolve));
    const rex = harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await vi.waitFor(() => expect(holding).toBe(true));
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    hold = undefined;
    letGo();
    const { outcome } = await rex;
    const drawer = async () => (await outboxOf(harness)).map((item) => `${item.pet.name}:${item.state}`);
    await vi.waitFor(async () => expect(await drawer()).toEqual(['Rex:sent']), { timeout: 15_000 });
    expect({ a: await held(shopA.url, 'Rex'), b: await held(shopB.url, 'Rex') }).toEqual({ a: 0, b: 1 });
    // Marked for shop A, it never left: it went where the environment is now, marked afresh.
    expect(outcome).toBe('queued');
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopA.url });
    expect(await drawer()).toEqual([]);
  });
});
