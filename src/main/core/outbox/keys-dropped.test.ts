/** Keys honoured, then not (a gateway put in front mid-morning drops the header): an add in doubt waiting
 * for its resend is resent after a success proved keys are no longer kept. */
import { describe, expect, it, vi } from 'vitest';
import { allPets } from '../test-support/harness';
import { itemNamed, lunchLost, rexCreated, shopBehindGateway } from './test-support';

describe('an add in doubt, then proof that the service no longer honours keys', () => {
  it('Lunch, whose answer was lost, is not resent once Max’s success came back without its key: one Lunch', async () => {
    const { running, gateway: proxy, harness } = await shopBehindGateway(false, { shop: { initialPets: [] } });
    // Keys honoured: Rex's success echoes its key.
    await rexCreated(harness);
    // Lunch reaches the service, its answer is lost: it waits a second for its resend with the same key.
    await lunchLost(harness, proxy);
    // Now a gateway drops the header: Max is created, and its answer carries no key (keys are not honoured).
    proxy.ignoreKeys = true;
    expect(await harness.invoke('createPet', { pet: { name: 'Max', categoryId: '3' } })).toMatchObject({
      outcome: 'created',
    });
    const lunch = () => itemNamed(harness, 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 10_000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
