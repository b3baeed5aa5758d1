/** A power cut right after an add, on a counter whose clock was set right (back) since the catalogue's last sync. */
import { cpSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SHOP, folder, openCore, outboxOf, service } from '../test-support/harness';
import { synced } from '../test-support/catalogue';
import { movableClock } from '../test-support';

const HOUR_MS = 60 * 60_000;

describe('an animal added just after the counter’s clock was put back two hours, then a power cut', () => {
  it('is found by the lookup at the next start, offline, as the outbox says it was sent', async () => {
    const shop = await service({ initialPets: SHOP });
    const dataDir = folder();
    // The counter's clock ran two hours fast this morning: the catalogue's sync is stamped with it.
    const clock = movableClock(Date.now() + 2 * HOUR_MS);
    const harness = await openCore(dataDir, shop.url, { now: clock.now });
    await synced(harness);
    // The time service puts it right; then the clerk adds Bella, and the power goes.
    clock.advance(-2 * HOUR_MS);
    const added = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    if (added.outcome !== 'created') throw new Error('not created');
    const afterCut = folder();
    cpSync(dataDir, afterCut, { recursive: true });
    await shop.close();

    const restarted = await openCore(afterCut, shop.url, { now: clock.now });
    expect((await outboxOf(restarted)).map((item) => `${item.pet.name}:${item.state}`)).toEqual(['Bella:sent']);
    // Offline, the lookup finds her in the catalogue, as the outbox says she was sent (no clock decides it).
    await vi.waitFor(async () => {
      const found = await restarted.core.invoke('lookupPet', { id: added.pet.id });
      expect(found.ok ? found.value.pet.name : found.error.reason).toBe('Bella');
    });
  });
});
