/** A lookup by id is not the list's word, even while a Refresh's page is on its way: one 404 from a replica behind
 * must not take Bella off the clerk's check once the list that shows her lands, whether her page changed or not. */
import { describe, expect, it } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack } from '../test-support/relay';
import { bellaCreatedAfterTheCheck, pressedWhatTheDrawerOffers } from './test-support';

describe('Bella created just after the counter gave up; a Refresh is slow, and a lookup hits a replica behind', () => {
  it.each([
    { story: 'her page unchanged', rosie: false },
    { story: 'another counter adding Rosie meanwhile (a changed page)', rosie: true },
  ])(
    'the drawer still offers Bella once the Refresh lands ($story): one Bella',
    async ({ rosie }) => {
      // While set, a lookup of this id is answered by a replica that has not got her yet (404).
      let behindFor: string | undefined;
      // While set, the next first page is read by the service now and its answer held until `release`.
      let holding = false;
      let release: () => void = () => undefined;
      let heldAsked: () => void = () => undefined;
      const asked = new Promise<void>((resolve) => (heldAsked = resolve));
      const shop = await bellaCreatedAfterTheCheck({
        route: async (request, response, upstream) => {
          if (request.method === 'GET' && behindFor !== undefined && request.url === `/v1/pets/${behindFor}`) {
            passBack(response, await forward(upstream, { ...request, url: '/v1/pets/999999' }));
            return true;
          }
          if (holding && request.method === 'GET' && request.url === '/v1/pets?limit=100') {
            holding = false;
            const answer = await forward(upstream, request);
            await new Promise<void>((resolve) => {
              release = resolve;
              heldAsked();
            });
            passBack(response, answer);
            return true;
          }
          return false;
        },
      });
      const { harness, bella, made } = shop;

      // The clerk presses Refresh: the list, and the drawer, show Bella.
      await refreshed(harness);
      expect((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);

      // She presses Refresh again; the service reads its list (Bella in it) but the answer is slow to come.
      if (rosie) shop.running.insertPets([{ name: 'Rosie', categoryId: '1', status: 'available' }]);
      holding = true;
      const refreshing = refreshed(harness, 10_000);
      await asked;
      // Meanwhile she looks Bella's id up; the request lands on a replica a moment behind, which answers 404.
      behindFor = made.id;
      await expect(harness.invoke('lookupPet', { id: made.id })).rejects.toThrow();
      behindFor = undefined;
      release();
      await refreshing;

      // The list's page shows Bella: the drawer still offers her row (the 404 after that page was asked may keep her off
      // the list, not off the check).
      expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
      await pressedWhatTheDrawerOffers(shop);
    },
    40_000,
  );
});
