/** Ordinary outages. The animals waiting should simply be sent once the service takes adds
 * again, not put before the clerk; and sent soon after the service is seen back. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { SHOP, allPets, folder, openCore, outboxOf, service, type Harness } from '../test-support/harness';
import { shopBehindGateway, told } from './test-support';

const statesOf = async (harness: Pick<Harness, 'invoke'>, names: string[]) => {
  const items = await outboxOf(harness);
  return names.map((name) => told(items.find((one) => one.pet.name === name)));
};

async function shop() {
  const { running, gateway, harness } = await shopBehindGateway(false);
  await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
  return { running, gateway, harness };
}

const NAMES = ['Out 1', 'Out 2', 'Out 3'];

describe('the service down (every connection cut), then back', () => {
  it('the waiting animals are sent once it answers again, once each, none before the clerk', async () => {
    const { running, gateway, harness } = await shop();
    harness.core.setPlatformOnline(false);
    for (const name of NAMES) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    gateway.down = true;
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(gateway.posts.length).toBeGreaterThanOrEqual(3), { timeout: 15_000 });
    gateway.down = false;
    await harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () => expect(await statesOf(harness, NAMES)).toEqual(['sent', 'sent', 'sent']), {
      timeout: 10_000,
      interval: 50,
    });
    const pets = await allPets(running.url);
    for (const name of NAMES) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
  }, 40_000);

  it('down three times (the line going down and up): the animals still go by themselves', async () => {
    const { running, gateway, harness } = await shop();
    harness.core.setPlatformOnline(false);
    for (const name of NAMES) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    for (let round = 0; round < 3; round += 1) {
      gateway.down = true;
      harness.core.setPlatformOnline(false);
      harness.core.setPlatformOnline(true);
      const before = gateway.posts.length;
      await vi.waitFor(() => expect(gateway.posts.length).toBeGreaterThan(before), { timeout: 15_000 });
      await sleep(300);
      gateway.down = false;
      await sleep(50);
      // an answer arrives while the line is still held by the outage
      await harness.invoke('refreshCatalogue', {}).catch(() => undefined);
    }
    await vi.waitFor(async () => expect(await statesOf(harness, NAMES)).not.toContain('queued'), { timeout: 20_000 });
    const pets = await allPets(running.url);
    for (const name of NAMES) expect(pets.filter((pet) => pet.name === name).length).toBeLessThanOrEqual(1);
  }, 90_000);
});

describe('the service takes no adds for a while (writes cut, lists answer: a database failing over)', () => {
  it('the clerk touching nothing, the waiting animals go once adds work again, not to the clerk’s check', async () => {
    const { running, gateway, harness } = await shop();
    harness.core.setPlatformOnline(false);
    for (const name of NAMES) {
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
      gateway.cutOff.add(name);
    }
    harness.core.setPlatformOnline(true);
    // ~12 s of write outage; only the header's own check (every 5 s) answers.
    await sleep(12_000);
    expect(await statesOf(harness, NAMES)).toEqual(['queued', 'queued', 'queued']);
    gateway.cutOff.clear();
    await harness.invoke('refreshCatalogue', {});
    await sleep(3_000);
    const after = await statesOf(harness, NAMES);
    expect(after).toEqual(['sent', 'sent', 'sent']);
    const pets = await allPets(running.url);
    for (const name of NAMES) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
  }, 60_000);
});

describe('a flaky line for ~10 s (every other connection cut), the clerk refreshing', () => {
  it('the waiting animals are created once each and go by themselves once the line is steady', async () => {
    const { running, gateway: line, harness } = await shop();
    const many = ['Fl 1', 'Fl 2', 'Fl 3', 'Fl 4', 'Fl 5', 'Fl 6'];
    harness.core.setPlatformOnline(false);
    for (const name of many) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    line.flaky = true;
    harness.core.setPlatformOnline(true);
    for (let i = 0; i < 20; i += 1) {
      await harness.invoke('refreshCatalogue', {}).catch(() => undefined);
      await sleep(500);
    }
    line.flaky = false;
    await harness.invoke('refreshCatalogue', {});
    await sleep(3_000);
    const states = await statesOf(harness, many);
    const pets = await allPets(running.url);
    for (const name of many) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
    expect(states.filter((state) => state.startsWith('needs_attention'))).toEqual([]);
  }, 60_000);
});

const LITTER = ['Litter Anton', 'Litter Berta', 'Litter Caesar'];

/** A litter added while the service was down; the first try once it is back finds its port closed (the service
 * came back just after), the counter hearing it back meanwhile or not. Resolves once all three are sent. */
async function litterRefusedOnce(heardMeanwhile: boolean, within: number) {
  const running = await service({ initialPets: SHOP });
  let closedOnce = false;
  const opened: { harness?: Harness } = {};
  const line: typeof fetch = async (input, init) => {
    if (!closedOnce || init?.method !== 'POST') return fetch(input, init);
    closedOnce = false;
    if (heardMeanwhile) await opened.harness?.invoke('refreshCatalogue', {});
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    throw new TypeError('fetch failed', { cause: refused });
  };
  const harness = await openCore(folder(), running.url, { fetch: line });
  opened.harness = harness;
  harness.core.setPlatformOnline(false);
  for (const name of LITTER) await harness.invoke('createPet', { pet: { name, categoryId: '1' } });
  closedOnce = true;
  harness.core.setPlatformOnline(true);
  await vi.waitFor(async () => expect(await statesOf(harness, LITTER)).toEqual(['sent', 'sent', 'sent']), {
    timeout: within,
    interval: 20,
  });
  const created = (await allPets(running.url)).filter((pet) => LITTER.includes(pet.name));
  return created.toSorted((a, b) => Number(a.id) - Number(b.id)).map((pet) => pet.name);
}

describe('a litter added while the service was down, its first try after it is back refused at the door', () => {
  it('is the line’s failure, not the first-born’s: the litter waits together and gets its ids in the order added', async () => {
    expect(await litterRefusedOnce(false, 15_000)).toEqual(LITTER);
  }, 30_000);

  it('the counter hearing the service meanwhile, it goes within 2 s, in the order added: the refusal was older news', async () => {
    // Held with the line instead, it would wait for its back-off (2 s) or the next answer.
    expect(await litterRefusedOnce(true, 1_500)).toEqual(LITTER);
  }, 30_000);
});
