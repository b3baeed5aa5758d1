/** Adds answered 500: a gateway's while the service behind it is updated (the line's failures), or two animals' own. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { allPets, outboxOf } from '../test-support/harness';
import { shopBehindGateway } from './test-support';

const NAMES = ['Mt 1', 'Mt 2', 'Mt 3'];

/** A shop that honours keys behind a gateway; `names` added while offline, `broken` of them answered 500 every time. */
async function waitingBehindGateway(names: string[], broken: string[]) {
  const { running, gateway, harness } = await shopBehindGateway(false);
  await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
  harness.core.setPlatformOnline(false);
  for (const name of names) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
  for (const name of broken) gateway.broken.add(name);
  harness.core.setPlatformOnline(true);
  return { running, gateway, harness };
}

describe('every add answered 500 for a while (keys honoured), then taken again', () => {
  it('the three waiting go by themselves, once each, none put before the clerk', async () => {
    const { running, gateway, harness } = await waitingBehindGateway(NAMES, NAMES);
    // Three tries of one: as many as an animal failing on its own is given.
    await vi.waitFor(() => expect(gateway.posts.filter((name) => name === 'Mt 1').length).toBeGreaterThanOrEqual(3), {
      timeout: 15_000,
    });
    await sleep(500);
    gateway.broken.clear();
    await vi.waitFor(
      async () => expect((await outboxOf(harness)).map((item) => item.state)).toEqual(['sent', 'sent', 'sent', 'sent']),
      { timeout: 20_000, interval: 200 },
    );
    const pets = await allPets(running.url);
    for (const name of NAMES) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
  }, 60_000);
});

describe('two animals the service answers 500 every time, behind three it takes', () => {
  it('the three are sent once each; the two, failing side by side as in an outage, wait with the service’s words', async () => {
    const animals = ['Good 1', 'Good 2', 'Good 3', 'Bad 1', 'Bad 2'];
    const { running, gateway, harness } = await waitingBehindGateway(animals, ['Bad 1', 'Bad 2']);
    await vi.waitFor(() => expect(gateway.posts.filter((name) => name === 'Bad 1').length).toBeGreaterThanOrEqual(4), {
      timeout: 30_000,
    });
    const items = await outboxOf(harness);
    const stateOf = (name: string) => items.find((one) => one.pet.name === name);
    expect(['Good 1', 'Good 2', 'Good 3'].map((name) => stateOf(name)?.state)).toEqual(['sent', 'sent', 'sent']);
    for (const name of ['Bad 1', 'Bad 2']) {
      expect(['queued', 'sending']).toContain(stateOf(name)?.state);
      expect(stateOf(name)?.lastError?.status).toBe(500);
    }
    const pets = await allPets(running.url);
    for (const name of ['Good 1', 'Good 2', 'Good 3']) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
  }, 60_000);
});
