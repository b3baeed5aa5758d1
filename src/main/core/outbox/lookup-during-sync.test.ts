/** A lookup's answer reaches the clerk's check even while a sync is under way, and that sync then fails. */
import { describe, expect, it } from 'vitest';
import { bellaCreatedAfterTheCheck, pressedWhatTheDrawerOffers } from './test-support';

describe('Bella created just after the counter gave up; the clerk looks her id up while a Refresh waits on a flaky list', () => {
  it('the list shows her from the lookup, the Refresh fails, and the drawer offers her too: one Bella', async () => {
    // While `flaky`, a list page is held until `release`, then its connection drops (the lookups still answer).
    let flaky = false;
    let release: () => void = () => undefined;
    let listAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    const shop = await bellaCreatedAfterTheCheck({
      route: async (request, response) => {
        if (!flaky || request.method !== 'GET' || !request.url.startsWith('/v1/pets?')) return false;
        await new Promise<void>((resolve) => {
          release = resolve;
          listAsked();
        });
        response.socket?.destroy();
        return true;
      },
    });
    const { harness, bella, made } = shop;
    // Her check was looked up before she was created: not on the service.
    expect((await bella())?.matches?.pets).toEqual([]);

    // The clerk presses Refresh; its first page hangs.
    flaky = true;
    const refreshing = harness.core.invoke('refreshCatalogue', {});
    await asked;
    // Meanwhile the clerk looks her id up: the service shows her, and the list does.
    expect(await harness.invoke('lookupPet', { id: made.id })).toMatchObject({
      source: 'service',
      pet: { name: 'Bella' },
    });
    expect((await harness.invoke('getCatalogue', {})).pets.map((pet) => pet.id)).toContain(made.id);
    // The page's connection drops: the Refresh fails.
    release();
    await refreshing;
    flaky = false;

    // The drawer tells the same truth as the list.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    await pressedWhatTheDrawerOffers(shop);
  }, 30_000);
});
