/** A lifetime stated as a positive whole number of seconds is relied on, however many digits it has. */
import { describe, expect, it, vi } from 'vitest';
import { allPets, outboxOf } from '../test-support/harness';
import { lunchLost, rexCreated, shopBehindGateway } from './test-support';

describe('a service that keeps keys for good and says so (Idempotency-Key-Lifetime: 2000000000)', () => {
  it('Lunch, whose answer was lost after the service created it, is sent again with its key by itself: one Lunch', async () => {
    // The reference service keeping keys 2,000,000,000 s: its answers state that whole number of seconds.
    const { running, gateway, harness } = await shopBehindGateway(false, {
      shop: { keyLifetimeMs: 2_000_000_000_000 },
    });
    await rexCreated(harness);
    await lunchLost(harness, gateway);
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    // The service keeps its key: the resend gets the first answer, and Lunch is sent without troubling the clerk.
    await vi.waitFor(async () => expect((await lunch())?.state).toBe('sent'), { timeout: 8000, interval: 50 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
