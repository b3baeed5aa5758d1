import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../server';
import { cleanups, folder, openCore, outboxOf, service, type Harness } from './core-harness';
import { startFaultProxy, type Fault } from './outbox-fault-proxy';
import { OutboxDocument } from './outbox-record';

const AMBIGUOUS: Fault[] = ['dropped', 'hang', 'error500', 'reset'];
const NEVER_CREATED: Fault[] = ['refused', 'busy'];

interface Counter {
  dataDir: string;
  harness: Harness;
  running: RunningServer;
  proxy: Awaited<ReturnType<typeof startFaultProxy>>;
}

/** A counter that has already added one animal, so it knows whether the service honours keys. */
async function counter(ignoreKeys: boolean): Promise<Counter> {
  const running = await service();
  const proxy = await startFaultProxy(running.url, { ignoreKeys });
  cleanups.push(() => proxy.close());
  const dataDir = folder();
  const harness = await openCore(dataDir, proxy.url);
  expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
  return { dataDir, harness, running, proxy };
}

async function add(counter: Counter, fault: Fault, name: string) {
  await counter.proxy.next(fault);
  const outcome = await counter.harness.invoke('createPet', { pet: { name, categoryId: '2' } });
  if (fault === 'refused') await counter.proxy.listen();
  return outcome;
}

async function onService(counter: Counter, name: string): Promise<number> {
  const pets = (await counter.harness.invoke('listPets', { query: { limit: 100 } })).pets;
  return pets.filter((pet) => pet.name === name).length;
}

/** The key stored with the animal, read from the outbox file as a crash-restart would. */
function storedKey(dataDir: string, name: string): string {
  const document = OutboxDocument.parse(JSON.parse(readFileSync(join(dataDir, 'outbox.json'), 'utf8')));
  const item = document.items.find((one) => one.pet.name === name);
  if (!item) throw new Error(`${name} is not in the outbox file`);
  return item.key;
}

const stateOf = async (counter: Counter, name: string) => {
  const item = (await outboxOf(counter.harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

describe('an add that meets a network fault, where the service honours Idempotency-Key', () => {
  for (const fault of [...AMBIGUOUS, ...NEVER_CREATED]) {
    it(`${fault}: sent again on its own with the same key, and created exactly once`, async () => {
      const shop = await counter(false);
      const outcome = await add(shop, fault, `Tom-${fault}`);
      expect(outcome.outcome).toBe('queued');
      await vi.waitFor(async () => expect(await stateOf(shop, `Tom-${fault}`)).toBe('sent'), {
        timeout: 6000,
        interval: 100,
      });
      expect(await onService(shop, `Tom-${fault}`)).toBe(1);
      expect(shop.harness.core.unsentAnimals()).toBe(0);
      expect(shop.running.countByIdempotencyKey(storedKey(shop.dataDir, `Tom-${fault}`))).toBe(1);
    });
  }
});

describe('an add that meets a network fault, where the service ignores Idempotency-Key', () => {
  for (const fault of AMBIGUOUS) {
    it(`${fault}: waits for the clerk's check with the matching rows, never sent again on its own`, async () => {
      const shop = await counter(true);
      await add(shop, fault, `Kit-${fault}`);
      await vi.waitFor(
        async () => {
          expect(await stateOf(shop, `Kit-${fault}`)).toBe('needs_attention:needs_check');
          const item = (await outboxOf(shop.harness)).find((one) => one.pet.name === `Kit-${fault}`);
          expect(item?.matches).toHaveLength(1);
        },
        { timeout: 4000, interval: 100 },
      );
      // Quitting now would leave it behind: the shell warns about it.
      expect(shop.harness.core.unsentAnimals()).toBe(1);
      await sleep(2500);
      expect(shop.proxy.posts.filter((name) => name === `Kit-${fault}`)).toHaveLength(1);
      expect(await onService(shop, `Kit-${fault}`)).toBe(1);
    });
  }
  for (const fault of NEVER_CREATED) {
    it(`${fault}: provably not created, so sent again on its own, created once`, async () => {
      const shop = await counter(true);
      await add(shop, fault, `Kit-${fault}`);
      await vi.waitFor(async () => expect(await stateOf(shop, `Kit-${fault}`)).toBe('sent'), {
        timeout: 6000,
        interval: 100,
      });
      expect(await onService(shop, `Kit-${fault}`)).toBe(1);
    });
  }
});
