/** The clerk's check is the service's rows as they are when the clerk acts, not as they were when the add failed. */
import { describe, expect, it } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { bellaCreatedAfterTheCheck, pressedWhatTheDrawerOffers } from './test-support';

describe('Bella added while the service is slow (keys not passed on, as the service’s own document describes it)', () => {
  it('the service creates her just after the counter gave up; the clerk refreshes, then presses what the drawer offers: one Bella', async () => {
    const shop = await bellaCreatedAfterTheCheck();
    const { harness, bella, made } = shop;

    // A minute later the clerk presses Refresh: the list on screen shows Bella.
    const catalogue = await refreshed(harness);
    expect(catalogue.pets.map((pet) => pet.id)).toContain(made.id);
    // The drawer tells the same truth as the list: Bella is on the service (not "no animal … is on the service now").
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);

    await pressedWhatTheDrawerOffers(shop);
  }, 30_000);

  it('the clerk looks her id up instead (the service shows her): the drawer offers her as the lookup returns', async () => {
    const { harness, bella, made } = await bellaCreatedAfterTheCheck();
    expect(await harness.invoke('lookupPet', { id: made.id })).toMatchObject({
      source: 'service',
      pet: { name: 'Bella' },
    });
    expect((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
  }, 30_000);
});
