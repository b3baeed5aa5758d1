/** An add the service answers at once, naming the animal it made as it keeps the name (an old database cutting it at
 * an emoji): the answer is this add's own, yet the check looks only for the name as typed. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, outboxOf, service } from '../test-support/harness';
import { openBehind } from './test-support';

/** As MySQL's 3-byte `utf8` column keeps a name outside strict mode: cut at its first character beyond the BMP. */
const keptByOldDatabase = (name: string) => name.replace(/[\u{10000}-\u{10FFFF}][\s\S]*$/u, '');

/** A shop of 250 on a service that keeps names as its old database does, and ignores Idempotency-Key unless
 * `honoursKeys`. */
async function oldDatabaseShop(honoursKeys = false) {
  const running = await service({ initialPets: SHOP });
  const relay = await startRelay(async (request, response) => {
    if (request.method !== 'POST') {
      passBack(response, await forward(running.url, request));
      return;
    }
    const pet = JSON.parse(request.body) as { name: string };
    const body = JSON.stringify({ ...pet, name: keptByOldDatabase(pet.name) });
    const pass = honoursKeys ? ['content-type', 'idempotency-key'] : undefined;
    passBack(response, await forward(running.url, { ...request, body }, pass));
  });
  const harness = await openBehind(relay);
  const bellas = async () => (await allPets(running.url)).filter((pet) => pet.name.startsWith('Bella'));
  const posts = () => relay.requests.filter((request) => request.method === 'POST').length;
  return { harness, bellas, posts };
}

describe('a service keeping "Bella 🐶" as "Bella " (its database cuts a name at an emoji), keys not honoured', () => {
  it('answered 201 with Bella #251, the drawer offers #251 and no second Bella is added', async () => {
    const { harness, bellas } = await oldDatabaseShop();
    const added = await harness.invoke('createPet', { pet: { name: 'Bella 🐶', categoryId: '3' } });
    // The service said at once, on this add's own connection, that it made #251.
    expect(await bellas()).toEqual([{ id: '251', name: 'Bella ', categoryId: '3', status: 'available' }]);
    // Another name than the one typed: "needs your check", its rows looked up.
    expect(added).toMatchObject({ outcome: 'queued' });
    const bella = async () => (await outboxOf(harness)).find((item) => item.pet.name === 'Bella 🐶');
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000 });
    const atCheck = await bella();
    // Not "No animal with this name and category is on the service now" (the whole shop was read): #251 is offered.
    const offered = atCheck?.matches?.pets.map((pet) => pet.id) ?? [];
    const told = offered.length > 0 ? 'offers #251' : atCheck?.matches?.complete ? 'not on the service' : 'capped';
    // The clerk does what the drawer offers: Send again.
    if (offered.length === 0) await harness.invoke('retryOutboxItem', { id: atCheck?.id ?? '' });
    await vi.waitFor(async () => expect((await bella())?.state).not.toMatch(/^(queued|sending)$/), { timeout: 10_000 });
    // One Bella, as the clerk added one; the drawer offered the row the service named.
    expect({ told, onService: (await bellas()).length }).toEqual({ told: 'offers #251', onService: 1 });
  });
});

describe('the same service honouring Idempotency-Key', () => {
  it('"Send again" is answered with #251 again, and the drawer offers #251', async () => {
    const { harness, bellas, posts } = await oldDatabaseShop(true);
    await harness.invoke('createPet', { pet: { name: 'Bella 🐶', categoryId: '3' } });
    const bella = async () => (await outboxOf(harness)).find((item) => item.pet.name === 'Bella 🐶');
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000 });
    await harness.invoke('retryOutboxItem', { id: (await bella())?.id ?? '' });
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000 });
    // The service answered her key twice with #251 and holds one Bella; the clerk's only ways out are Discard (no
    // trace of the Bella it holds), Edit (a new key: a second Bella) or "It was created" against "no animal like this".
    expect({ posts: posts(), onService: (await bellas()).length }).toEqual({ posts: 2, onService: 1 });
    const atCheck = await bella();
    expect({ state: atCheck?.state, offered: atCheck?.matches?.pets.map((pet) => pet.id) }).toEqual({
      state: 'needs_attention',
      offered: ['251'],
    });
  });
});
