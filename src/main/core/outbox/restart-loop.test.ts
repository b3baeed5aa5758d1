/** A service restarting again and again: an animal whose tries each fall in an outage, the clerk's adds taken between
 * them, failed for the service's sake, not its own. Against the reference service holding 250 animals. */
import { describe, expect, it, vi } from 'vitest';
import { allPets } from '../test-support/harness';
import { MAX_OWN_FAILURES } from './machine';
import { rexCreated, shopBehindGateway, stateOf } from './test-support';

describe('a service that goes down for a moment three times (a restart loop), one animal waiting', () => {
  it('the animal is not sent to the clerk’s check: it was never the animal’s own failure', async () => {
    const { running, gateway, harness } = await shopBehindGateway(false);
    await rexCreated(harness);
    const posts = (name: string) => gateway.posts.filter((one) => one === name).length;
    gateway.down = true;
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Flo', categoryId: '2' } });
    harness.core.setPlatformOnline(true);
    for (let tries = 1; tries <= MAX_OWN_FAILURES; tries += 1) {
      // Flo's try falls in an outage; the service is back a moment later and takes the clerk's next add.
      await vi.waitFor(() => expect(posts('Flo')).toBeGreaterThanOrEqual(tries), { timeout: 15_000 });
      await vi.waitFor(async () => expect(await stateOf(harness, 'Flo')).toBe('queued'));
      gateway.down = false;
      expect(
        await harness.invoke('createPet', { pet: { name: `Good ${String(tries)}`, categoryId: '2' } }),
      ).toMatchObject({
        outcome: 'created',
      });
      gateway.down = true;
    }
    // The service is up again for good; Flo's next try (its key honoured) sends it.
    gateway.down = false;
    await vi.waitFor(async () => expect(await stateOf(harness, 'Flo')).toBe('sent'), { timeout: 15_000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Flo')).toHaveLength(1);
  }, 60_000);
});
