/** One animal failing on its own backs off on its own, and after three tries goes before the clerk (a service down for
 * every add sends nobody there); another shop's answers hurry nobody. Against the reference service holding 250 animals. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import {
  KEY,
  SHOP,
  allPets,
  cleanups,
  folder,
  openCore,
  outboxOf,
  service,
  type Harness,
} from '../test-support/harness';
import { shopBehindGateway, rexCreated, stateOf } from './test-support';
import { MAX_OWN_FAILURES } from './machine';

/** A shop whose gateway fails the animals named as asked, after a first add showed it honours keys. */
async function shopWithGateway() {
  const { running, gateway, harness } = await shopBehindGateway(false);
  await rexCreated(harness);
  /** Queued offline (a direct add would show its failure in the form), then the counter is back online. */
  const queueOffline = async (...names: string[]) => {
    harness.core.setPlatformOnline(false);
    for (const name of names) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
    harness.core.setPlatformOnline(true);
  };
  const posts = (name: string) => gateway.posts.filter((one) => one === name).length;
  return { running, gateway, harness, queueOffline, posts };
}

/** The clerk goes on working: each Refresh is a call the service answers. */
async function refreshUntil(harness: Harness, done: () => boolean | Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && !(await done())) {
    await harness.invoke('refreshCatalogue', {});
    await sleep(500);
  }
}

describe('one animal a gateway refuses with 403 while the key works for every other animal', () => {
  it('is tried three times, then refused before the clerk with the gateway’s words; the key is not blamed', async () => {
    const { running, gateway, harness, queueOffline, posts } = await shopWithGateway();
    gateway.forbidden.add('Blocked');
    await queueOffline('Blocked', 'Good');
    await vi.waitFor(async () => expect(await stateOf(harness, 'Good')).toBe('sent'), { timeout: 5000 });
    await refreshUntil(harness, async () => (await stateOf(harness, 'Blocked')).startsWith('needs_attention'), 10);
    expect(posts('Blocked')).toBe(3);
    const blocked = (await outboxOf(harness)).find((item) => item.pet.name === 'Blocked');
    expect(blocked).toMatchObject({ state: 'needs_attention', check: 'rejected' });
    expect(blocked?.lastError).toMatchObject({
      reason: 'values_refused',
      status: 403,
      params: { serviceSaid: expect.stringContaining('Rule 942100') as unknown },
    });
    // The header says "key refused" for a moment after each 403, until the next answer; no animal waits for a key.
    const health = async () => (await harness.invoke('getStatus', {})).connectivity.service.health;
    await refreshUntil(harness, async () => (await health()) === 'online', 10);
    expect(await health()).toBe('online');
    expect((await outboxOf(harness)).filter((item) => item.lastError?.reason === 'key_refused')).toEqual([]);
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Good')).toHaveLength(1);
  });
});

describe('animals whose requests are always cut off (keys honoured)', () => {
  it('two ahead of a good one: the good one is sent, and the two are not sent again at each answer', async () => {
    const { harness, gateway, queueOffline, posts } = await shopWithGateway();
    gateway.cutOff.add('Cut 1').add('Cut 2');
    await queueOffline('Cut 1', 'Cut 2', 'Good');
    await refreshUntil(harness, async () => (await stateOf(harness, 'Good')) === 'sent', 15);
    expect(await stateOf(harness, 'Good')).toBe('sent');
    expect(posts('Cut 1') + posts('Cut 2')).toBeLessThanOrEqual(8);
  });

  it('two ahead of a good one, the clerk touching nothing: once they have failed, the good one goes before them', async () => {
    const { harness, gateway, queueOffline } = await shopWithGateway();
    gateway.cutOff.add('Cut 1').add('Cut 2');
    await queueOffline('Cut 1', 'Cut 2', 'Good');
    await vi.waitFor(async () => expect(await stateOf(harness, 'Good')).toBe('sent'), {
      timeout: 20_000,
      interval: 100,
    });
    // Once they had failed, it went before them: they were not tried again ahead of it.
    const beforeGood = gateway.posts.slice(0, gateway.posts.indexOf('Good'));
    expect(beforeGood.filter((name) => name.startsWith('Cut'))).toEqual(['Cut 1', 'Cut 2']);
  }, 30_000);

  it('one alone backs off on its own: not sent again at each answer, nor put before the clerk', async () => {
    const { harness, gateway, queueOffline, posts } = await shopWithGateway();
    gateway.cutOff.add('Cut');
    await queueOffline('Cut');
    // About 6 s of Refresh, each page an answer: its back-off (1, 2, 4 s…) sets its pace, not the answers.
    for (let i = 0; i < 12; i += 1) {
      await harness.invoke('refreshCatalogue', {});
      await sleep(500);
    }
    expect(posts('Cut')).toBeLessThanOrEqual(4);
    // With its key honoured a resend is safe: it waits to be sent, until its key's lifetime sends it to the clerk.
    expect(await stateOf(harness, 'Cut')).toMatch(/^(queued|sending)$/);
  }, 30_000);
});

describe('one animal whose answer never comes back, while the service takes the clerk’s other adds', () => {
  it('after three tries, each between two other adds the service took, it waits for the clerk’s check, which finds it', async () => {
    const { running, gateway, harness, queueOffline, posts } = await shopWithGateway();
    // The service takes "Cut" (its key honoured: once), but each answer is lost on the way back.
    gateway.answerLost.add('Cut');
    const cut = async () => (await outboxOf(harness)).find((item) => item.pet.name === 'Cut');
    // Each time the counter is back online, the animals added meanwhile go just before Cut, and the service takes
    // them: each of Cut's tries lies between two adds the service took (the one before it, the next one).
    await queueOffline('Good 1', 'Cut');
    for (let tries = 1; tries <= MAX_OWN_FAILURES; tries += 1) {
      await vi.waitFor(() => expect(posts('Cut')).toBeGreaterThanOrEqual(tries), { timeout: 15_000 });
      await vi.waitFor(async () => expect((await cut())?.state).toBe('queued'), { timeout: 10_000 });
      await queueOffline(`Good ${String(tries + 1)}`);
    }
    await vi.waitFor(async () => expect(await stateOf(harness, 'Cut')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    expect(await harness.invoke('createPet', { pet: { name: 'Good 5', categoryId: '2' } })).toMatchObject({
      outcome: 'created',
    });
    // At most one try more than three: the third is proven by the add that went just before the fourth.
    expect(posts('Cut')).toBeLessThanOrEqual(MAX_OWN_FAILURES + 1);
    // The drawer shows why (no answer came), and the check finds it among the shop's 250 animals.
    expect((await cut())?.lastError).toMatchObject({ kind: 'unreachable', reason: 'connection_lost' });
    await vi.waitFor(async () => expect((await cut())?.matches?.pets.map((pet) => pet.name)).toEqual(['Cut']));
    await harness.invoke('confirmOutboxItem', { id: (await cut())?.id ?? '' });
    expect(await stateOf(harness, 'Cut')).toBe('sent');
    const pets = await allPets(running.url);
    for (const name of ['Cut', 'Good 1', 'Good 2', 'Good 3', 'Good 4', 'Good 5']) {
      expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
    }
  }, 40_000);

  it('sent again by the clerk while other animals are on their way, it goes again instead of back to the check', async () => {
    const { gateway, harness, queueOffline, posts } = await shopWithGateway();
    gateway.answerLost.add('Cut');
    const cut = async () => (await outboxOf(harness)).find((item) => item.pet.name === 'Cut');
    await queueOffline('Good 1', 'Cut');
    for (let tries = 1; tries <= MAX_OWN_FAILURES; tries += 1) {
      await vi.waitFor(() => expect(posts('Cut')).toBeGreaterThanOrEqual(tries), { timeout: 15_000 });
      await vi.waitFor(async () => expect((await cut())?.state).toBe('queued'), { timeout: 10_000 });
      await queueOffline(`Good ${String(tries + 1)}`);
    }
    await vi.waitFor(async () => expect(await stateOf(harness, 'Cut')).toBe('needs_attention:needs_check'), {
      timeout: 15_000,
    });
    // Three more go together; the service takes the first two, and its answer to the third is slow to come.
    const seen = gateway.posts.push.bind(gateway.posts);
    gateway.posts.push = (...names: string[]) => {
      if (names.includes('Later 2')) void gateway.next('hang');
      return seen(...names);
    };
    await queueOffline('Later 1', 'Later 2', 'Later 3');
    await vi.waitFor(() => expect(posts('Later 3')).toBe(1));
    // Meanwhile the clerk sends Cut again: it goes once the three are done, and does not fall back to the check.
    await harness.invoke('retryOutboxItem', { id: (await cut())?.id ?? '' });
    await vi.waitFor(() => expect(posts('Cut')).toBeGreaterThan(MAX_OWN_FAILURES + 1), { timeout: 10_000 });
  }, 40_000);
});

describe('every add cut off for a long while (the lists still answer), two animals waiting', () => {
  it('neither goes before the clerk however many tries, and each is created once when adds work again', async () => {
    const { running, gateway, harness, queueOffline, posts } = await shopWithGateway();
    gateway.cutOff.add('Early 1').add('Early 2');
    await queueOffline('Early 1', 'Early 2');
    const states = async () => [await stateOf(harness, 'Early 1'), await stateOf(harness, 'Early 2')];
    // The clerk works on, each Refresh answered: reads prove nothing about adds.
    const tried = () => posts('Early 1') > MAX_OWN_FAILURES && posts('Early 2') > MAX_OWN_FAILURES;
    await refreshUntil(harness, tried, 30);
    expect(tried()).toBe(true);
    expect(await states()).not.toContain('needs_attention:needs_check');
    gateway.cutOff.clear();
    expect(await harness.invoke('createPet', { pet: { name: 'Back', categoryId: '2' } })).toMatchObject({
      outcome: 'created',
    });
    await refreshUntil(harness, async () => (await states()).every((state) => state === 'sent'), 20);
    expect(await states()).toEqual(['sent', 'sent']);
    const pets = await allPets(running.url);
    for (const name of ['Early 1', 'Early 2']) expect(pets.filter((pet) => pet.name === name)).toHaveLength(1);
  }, 60_000);
});

describe('one animal waiting alone while every add is cut off for a long while', () => {
  it('the first add the service takes afterwards proves only its last try: it is sent, not put before the clerk', async () => {
    const { running, gateway, harness, queueOffline, posts } = await shopWithGateway();
    gateway.cutOff.add('Lone');
    await queueOffline('Lone');
    // Tried as often as the bound, at its own pace (1, 2, 4 s), the clerk refreshing meanwhile.
    await refreshUntil(harness, () => posts('Lone') >= MAX_OWN_FAILURES, 30);
    expect(posts('Lone')).toBeGreaterThanOrEqual(MAX_OWN_FAILURES);
    gateway.cutOff.clear();
    expect(await harness.invoke('createPet', { pet: { name: 'Back', categoryId: '2' } })).toMatchObject({
      outcome: 'created',
    });
    await refreshUntil(harness, async () => (await stateOf(harness, 'Lone')) === 'sent', 20);
    expect(await stateOf(harness, 'Lone')).toBe('sent');
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lone')).toHaveLength(1);
  }, 60_000);
});

describe('animals waiting for the demo shop while the clerk works in production', () => {
  async function twoShops() {
    const demo = await startFaultProxy((await service()).url, { ignoreKeys: false });
    const production = await service({ initialPets: SHOP });
    cleanups.push(() => demo.close());
    const harness = await openCore(folder(), demo.url);
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await harness.invoke('setBaseUrl', { environmentId: 'production', baseUrl: production.url });
    await harness.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    harness.core.setPlatformOnline(false);
    for (const name of ['Away 1', 'Away 2']) await harness.invoke('createPet', { pet: { name, categoryId: '1' } });
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    return { demo, harness };
  }
  /** About 5 s of Refresh in production, each page an answer from production's service. */
  async function workInProduction(harness: Harness) {
    harness.core.setPlatformOnline(true);
    for (let i = 0; i < 12; i += 1) {
      await harness.invoke('refreshCatalogue', {});
      await sleep(400);
    }
  }

  it('the demo shop down: its line backs off (1, 2, 4 s…) instead of going again at each answer from production', async () => {
    const { demo, harness } = await twoShops();
    demo.down = true;
    await workInProduction(harness);
    expect(demo.posts.filter((name) => name.startsWith('Away')).length).toBeLessThanOrEqual(8);
  });

  it('the demo key revoked: the refused key is not sent again at each answer from production', async () => {
    const { demo, harness } = await twoShops();
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: 'revoked-key-0123456789' });
    await workInProduction(harness);
    expect(demo.posts.filter((name) => name.startsWith('Away')).length).toBeLessThanOrEqual(8);
  });
});
