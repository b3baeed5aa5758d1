/** A lookup by id is not the list's word: one 404 from a replica behind must not take Bella off the clerk's check. */
import { describe, expect, it } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack } from '../test-support/relay';
import { bellaCreatedAfterTheCheck, pressedWhatTheDrawerOffers } from './test-support';

describe('Bella created just after the counter gave up; the list shows her, then one lookup hits a replica behind', () => {
  it('the drawer still offers Bella after the lookup’s 404, and pressing what it offers leaves one Bella', async () => {
    // While set, a lookup of this id is answered by a replica that has not got her yet (404).
    let behindFor: string | undefined;
    const shop = await bellaCreatedAfterTheCheck({
      route: async (request, response, upstream) => {
        if (request.method !== 'GET' || behindFor === undefined || request.url !== `/v1/pets/${behindFor}`)
          return false;
        passBack(response, await forward(upstream, { ...request, url: '/v1/pets/999999' }));
        return true;
      },
    });
    const { harness, bella, made } = shop;

    // The clerk presses Refresh: the list, and the drawer, show Bella.
    await refreshed(harness);
    expect((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);

    // The clerk looks her id up; the request lands on a replica a moment behind, which answers 404.
    behindFor = made.id;
    await expect(harness.invoke('lookupPet', { id: made.id })).rejects.toThrow();
    behindFor = undefined;

    // The drawer tells what the service's list said: Bella is there.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    await pressedWhatTheDrawerOffers(shop);
  }, 30_000);
});
