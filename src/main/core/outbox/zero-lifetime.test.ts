/** A lifetime the service states is what it keeps keys for, whatever it says: a statement is never read as none. */
import { describe, expect, it, vi } from 'vitest';
import { allPets, outboxOf } from '../test-support/harness';
import { lunchLost, rexCreated, shopBehindGateway } from './test-support';

describe('a service that echoes keys but keeps none once it has answered, and says so (Idempotency-Key-Lifetime: 0)', () => {
  it('Lunch, whose answer was lost after the service created it, is not sent again by itself: one Lunch', async () => {
    // The reference service keeping keys half a second: its answers state "0" whole seconds.
    const { running, gateway, harness } = await shopBehindGateway(false, { shop: { keyLifetimeMs: 500 } });
    await rexCreated(harness);
    await lunchLost(harness, gateway);
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    // Left alone it goes to the clerk's check (the key is gone), or, sent again, ends "sent".
    await vi.waitFor(async () => expect(['sent', 'needs_attention']).toContain((await lunch())?.state), {
      timeout: 8000,
      interval: 50,
    });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
