import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../../server';
import { movableClock } from '../test-support';
import { startFaultProxy, type Fault, type FaultProxy } from '../test-support/fault-proxy';
import { startLinklessService } from '../test-support/linkless-service';
import {
  KEY,
  SHOP,
  allPets,
  cleanups,
  folder,
  openCore,
  outboxOf,
  service,
  storedItems,
  type Harness,
} from '../test-support/harness';
import type { CoreOptions } from '../index';

const AMBIGUOUS: Fault[] = ['dropped', 'hang', 'error500', 'reset'];
const NEVER_CREATED: Fault[] = ['refused', 'busy'];
const DAY_MS = 24 * 60 * 60 * 1000;

interface Counter {
  dataDir: string;
  harness: Harness;
  running: RunningServer;
  proxy: FaultProxy;
}

/** A counter in a shop of 250 animals that has already added one, so it knows whether the service honours keys. */
async function counter(ignoreKeys: boolean, extra: Partial<CoreOptions> = {}): Promise<Counter> {
  const running = await service({ initialPets: SHOP, ...(extra.now ? { now: extra.now } : {}) });
  const proxy = await startFaultProxy(running.url, { ignoreKeys });
  cleanups.push(() => proxy.close());
  const dataDir = folder();
  const harness = await openCore(dataDir, proxy.url, extra);
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
  return (await allPets(counter.running.url)).filter((pet) => pet.name === name).length;
}

/** The key stored with the animal, read from the outbox file as a crash-restart would. */
function storedKey(dataDir: string, name: string): string {
  const item = storedItems(dataDir).find((one) => one.pet.name === name);
  if (!item) throw new Error(`${name} is not in the outbox file`);
  return item.key;
}

const stateOf = async (harness: Pick<Harness, 'invoke'>, name: string) => {
  const item = (await outboxOf(harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

/** The clerk adds these while the computer is offline: each waits in the outbox. */
async function queuedOffline(counter: Counter, names: readonly string[]): Promise<void> {
  counter.harness.core.setPlatformOnline(false);
  for (const name of names) await counter.harness.invoke('createPet', { pet: { name, categoryId: '2' } });
}

/** Both good animals behind a bad one reach the service within `timeout`. */
const goodOnesSent = (counter: Counter, timeout: number) =>
  vi.waitFor(
    async () => {
      expect(await stateOf(counter.harness, 'Good 1')).toBe('sent');
      expect(await stateOf(counter.harness, 'Good 2')).toBe('sent');
    },
    { timeout, interval: 50 },
  );

describe('an add that meets a network fault, where the service honours Idempotency-Key', () => {
  for (const fault of [...AMBIGUOUS, ...NEVER_CREATED]) {
    it(`${fault}: sent again on its own with the same key, and created exactly once`, async () => {
      const shop = await counter(false);
      const outcome = await add(shop, fault, `Tom-${fault}`);
      expect(outcome.outcome).toBe('queued');
      await vi.waitFor(async () => expect(await stateOf(shop.harness, `Tom-${fault}`)).toBe('sent'), {
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
    it(`${fault}: waits for the clerk's check with the matching row from page 3, never sent again on its own`, async () => {
      const shop = await counter(true);
      await add(shop, fault, `Kit-${fault}`);
      await vi.waitFor(
        async () => {
          expect(await stateOf(shop.harness, `Kit-${fault}`)).toBe('needs_attention:needs_check');
          const item = (await outboxOf(shop.harness)).find((one) => one.pet.name === `Kit-${fault}`);
          expect(item?.matches?.pets.map((pet) => pet.name)).toEqual([`Kit-${fault}`]);
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
      await vi.waitFor(async () => expect(await stateOf(shop.harness, `Kit-${fault}`)).toBe('sent'), {
        timeout: 6000,
        interval: 100,
      });
      expect(await onService(shop, `Kit-${fault}`)).toBe(1);
    });
  }
});

describe('whether a service honours keys is learnt only from proof', () => {
  it('a gateway’s error that echoes the key proves nothing: the lost add still waits for the clerk', async () => {
    const shop = await counter(true);
    await add(shop, 'error500', 'Echo');
    await add(shop, 'dropped', 'Dropped');
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'Dropped')).toBe('needs_attention:needs_check'), {
      timeout: 4000,
    });
    await sleep(2500);
    expect(shop.proxy.posts.filter((name) => name === 'Dropped')).toHaveLength(1);
    expect(await onService(shop, 'Dropped')).toBe(1);
  });

  it('a service that stops echoing the key (a success without it) is no longer trusted with resends', async () => {
    const shop = await counter(false);
    shop.proxy.ignoreKeys = true;
    expect(await shop.harness.invoke('createPet', { pet: { name: 'Plain', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await add(shop, 'dropped', 'After');
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'After')).toBe('needs_attention:needs_check'), {
      timeout: 4000,
    });
    await sleep(2500);
    expect(shop.proxy.posts.filter((name) => name === 'After')).toHaveLength(1);
    expect(await onService(shop, 'After')).toBe(1);
  });

  it('Friday’s proof is not relied on Monday, the gateway replaced by one that drops the key: Lunch held once', async () => {
    const friday = await counter(false);
    await friday.harness.core.close();
    // Same address, new gateway: it strips the header on its way in, as the old one did not.
    friday.proxy.ignoreKeys = true;
    const monday = { ...friday, harness: await openCore(friday.dataDir, friday.proxy.url) };
    // The morning's first look-up has answered: the service's time is known.
    await monday.harness.invoke('lookupPet', { id: '1' });
    await add(monday, 'dropped', 'Lunch');
    // Not resent with its key on Friday's proof: the service, which never saw the key, would make a second Lunch.
    await vi.waitFor(async () => expect(await stateOf(monday.harness, 'Lunch')).toBe('needs_attention:needs_check'), {
      timeout: 8000,
    });
    expect(await onService(monday, 'Lunch')).toBe(1);
  });
});

describe('an add whose answer was lost, with the app closed for a while (the service keeps keys 24 h)', () => {
  /** The add reaches the service, its answer is lost, and the app is closed before it resends. */
  async function closedAfterLostAnswer(away: number) {
    const clock = movableClock();
    const shop = await counter(false, { now: clock.now });
    await add(shop, 'dropped', 'Weekend');
    shop.harness.core.setPlatformOnline(false);
    await shop.harness.core.close();
    expect(await onService(shop, 'Weekend')).toBe(1);
    const postsBefore = shop.proxy.posts.length;
    clock.advance(away);
    const restarted = await openCore(shop.dataDir, shop.proxy.url, { now: clock.now });
    return { shop, restarted, postsBefore };
  }

  it('back just inside the lifetime: resent with its key, and the service holds it once', async () => {
    const { shop, restarted } = await closedAfterLostAnswer(DAY_MS - 5 * 60_000);
    await vi.waitFor(async () => expect(await stateOf(restarted, 'Weekend')).toBe('sent'), { timeout: 5000 });
    expect(await onService(shop, 'Weekend')).toBe(1);
    expect(shop.running.countByIdempotencyKey(storedKey(shop.dataDir, 'Weekend'))).toBe(1);
  });

  it('back just past it: waits for the clerk beside the row on the service, and nothing is sent', async () => {
    const { shop, restarted, postsBefore } = await closedAfterLostAnswer(DAY_MS + 60_000);
    await vi.waitFor(
      async () => {
        expect(await stateOf(restarted, 'Weekend')).toBe('needs_attention:needs_check');
        const item = (await outboxOf(restarted)).find((one) => one.pet.name === 'Weekend');
        expect(item?.matches?.pets.map((pet) => pet.name)).toEqual(['Weekend']);
      },
      { timeout: 5000 },
    );
    await sleep(1500);
    expect(shop.proxy.posts.slice(postsBefore).filter((name) => name === 'Weekend')).toEqual([]);
    expect(await onService(shop, 'Weekend')).toBe(1);
  });
  it('back inside the lifetime, behind a resend that took minutes: the one behind waits for the clerk, never sent', async () => {
    const clock = movableClock();
    let slow = false;
    // The service takes two minutes over "Ahead" (the shared clock moves), so "Behind", marked with it, is then past its key's life.
    const slowFetch: typeof fetch = (input, init) => {
      if (slow && typeof init?.body === 'string' && init.body.includes('"Ahead"')) clock.advance(2 * 60_000);
      return fetch(input, init);
    };
    const shop = await counter(false, { now: clock.now, fetch: slowFetch });
    await add(shop, 'dropped', 'Ahead');
    await add(shop, 'dropped', 'Behind');
    shop.harness.core.setPlatformOnline(false);
    await shop.harness.core.close();
    const postsBefore = shop.proxy.posts.length;
    clock.advance(DAY_MS - 90_000);
    slow = true;
    const restarted = await openCore(shop.dataDir, shop.proxy.url, { now: clock.now, fetch: slowFetch });
    await vi.waitFor(async () => expect(await stateOf(restarted, 'Ahead')).toBe('sent'), { timeout: 5000 });
    await vi.waitFor(async () => expect(await stateOf(restarted, 'Behind')).toBe('needs_attention:needs_check'), {
      timeout: 5000,
    });
    expect(shop.proxy.posts.slice(postsBefore).filter((name) => name === 'Behind')).toEqual([]);
    expect(await onService(shop, 'Behind')).toBe(1);
  });
});

describe('one animal the service always answers with a 500', () => {
  it('does not hold back the animals behind it, and goes before the clerk with the service’s words', async () => {
    const shop = await counter(false);
    shop.proxy.broken.add('Broken');
    await queuedOffline(shop, ['Broken', 'Good 1', 'Good 2']);
    shop.harness.core.setPlatformOnline(true);
    await goodOnesSent(shop, 3000);
    // A 500 proves nothing either way: it waits for the clerk's check, not as refused.
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'Broken')).toBe('needs_attention:needs_check'), {
      timeout: 12_000,
      interval: 200,
    });
    const broken = (await outboxOf(shop.harness)).find((one) => one.pet.name === 'Broken');
    expect(broken?.lastError).toMatchObject({ status: 500, params: { serviceSaid: 'Cannot store Broken.' } });
    expect(shop.proxy.posts.filter((name) => name === 'Broken')).toHaveLength(3);
    expect(await onService(shop, 'Broken')).toBe(0);
  });
});

describe('one animal whose every request is cut off before an answer', () => {
  it('does not hold back the animals behind it: the next one is still tried at once', async () => {
    const shop = await counter(false);
    shop.proxy.cutOff.add('Cut');
    await queuedOffline(shop, ['Cut', 'Good 1', 'Good 2']);
    shop.harness.core.setPlatformOnline(true);
    await goodOnesSent(shop, 2500);
    expect(['queued', 'sending']).toContain(await stateOf(shop.harness, 'Cut'));
    expect(await onService(shop, 'Cut')).toBe(0);
  });
});

describe('a service that goes down: two animals in a row cut off', () => {
  it('makes the rest of the line wait instead of trying the next at once', async () => {
    const shop = await counter(true);
    await queuedOffline(shop, ['Cut 1', 'Cut 2', 'Later']);
    // Down: lists are cut off too, so no answer (the clerk's check looks the cut ones up) lets the line go early.
    shop.proxy.down = true;
    const backOnline = Date.now();
    shop.harness.core.setPlatformOnline(true);
    // Two lost in a row: the next waits a back-off rather than going at once.
    await vi.waitFor(
      async () => {
        const later = (await outboxOf(shop.harness)).find((one) => one.pet.name === 'Later');
        expect(shop.proxy.posts).toContain('Cut 2');
        expect(later).toMatchObject({ state: 'queued' });
        expect(later?.nextAttemptAt).toBeGreaterThan(backOnline + 500);
      },
      { timeout: 2500, interval: 20 },
    );
    expect(shop.proxy.posts).not.toContain('Later');
    shop.proxy.down = false;
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'Later')).toBe('sent'), { timeout: 5000 });
    expect(shop.proxy.posts.filter((name) => name === 'Later')).toHaveLength(1);
  });

  it('lets the line go as soon as the service answers again, before its back-off ends', async () => {
    const shop = await counter(true);
    await queuedOffline(shop, ['Cut 1', 'Cut 2', 'Later']);
    shop.proxy.down = true;
    shop.harness.core.setPlatformOnline(true);
    let backOffEnds = 0;
    await vi.waitFor(
      async () => {
        backOffEnds = (await outboxOf(shop.harness)).find((one) => one.pet.name === 'Later')?.nextAttemptAt ?? 0;
        expect(backOffEnds).toBeGreaterThan(Date.now() + 1000);
      },
      { timeout: 2500, interval: 20 },
    );
    shop.proxy.down = false;
    // Any answer shows the service is back: here the clerk's Refresh.
    await shop.harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'Later')).toBe('sent'), { timeout: 5000 });
    const later = (await outboxOf(shop.harness)).find((one) => one.pet.name === 'Later');
    expect(later?.sentAt).toBeLessThan(backOffEnds);
  });
});

describe('a key the service refuses while animals wait (saved anyway, or replaced at the shop)', () => {
  it('keeps them waiting, not refused, and sends each once as soon as a key that works is stored', async () => {
    const shop = await counter(false);
    await queuedOffline(shop, ['Kept 1', 'Kept 2']);
    await shop.harness.invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    shop.harness.core.setPlatformOnline(true);
    // Tried with the wrong key, more than once: the service says 401 each time.
    await vi.waitFor(() => expect(shop.proxy.posts.filter((name) => name === 'Kept 1').length).toBeGreaterThan(1), {
      timeout: 5000,
      interval: 50,
    });
    // Still waiting (or on a try), never set aside as refused by the service.
    expect(['queued', 'sending']).toContain(await stateOf(shop.harness, 'Kept 1'));
    expect(['queued', 'sending']).toContain(await stateOf(shop.harness, 'Kept 2'));

    await shop.harness.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    await vi.waitFor(
      async () => {
        expect(await stateOf(shop.harness, 'Kept 1')).toBe('sent');
        expect(await stateOf(shop.harness, 'Kept 2')).toBe('sent');
      },
      { timeout: 12_000, interval: 100 },
    );
    expect(await onService(shop, 'Kept 1')).toBe(1);
    expect(await onService(shop, 'Kept 2')).toBe(1);
  });
});

describe('the computer’s clock set back an hour while an animal waits its turn', () => {
  it('goes as soon as its wait is over, not an hour later, and is created once', async () => {
    const clock = movableClock();
    const shop = await counter(false, { now: clock.now });
    // The service asks for a second's wait (429, Retry-After: 1); then the clock is put back an hour.
    expect(await add(shop, 'busy', 'Clocked')).toMatchObject({ outcome: 'queued' });
    clock.advance(-60 * 60_000);
    await vi.waitFor(async () => expect(await stateOf(shop.harness, 'Clocked')).toBe('sent'), {
      timeout: 12_000,
      interval: 100,
    });
    expect(await onService(shop, 'Clocked')).toBe(1);
  });
});

describe('the clerk’s check at a service without next links (as the service’s own document describes it), 250 animals', () => {
  it('does not say the animal is not on the service: its list is not the whole shop', async () => {
    const running = await service({ initialPets: SHOP });
    const linkless = await startLinklessService(running.url);
    const proxy = await startFaultProxy(linkless.url, { ignoreKeys: true });
    cleanups.push(
      () => proxy.close(),
      () => linkless.close(),
    );
    const harness = await openCore(folder(), proxy.url);
    await proxy.next('dropped');
    await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    await vi.waitFor(async () => expect((await outboxOf(harness))[0]?.matches).toEqual({ pets: [], complete: false }), {
      timeout: 10_000,
    });
    // Bella was created: the service lists only the first 100 of a status, and she is past them.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Bella')).toHaveLength(1);
  });
});
