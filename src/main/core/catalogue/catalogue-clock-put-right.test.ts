/** A copy synced while the counter's clock ran fast, confirmed since the clock was put right, read after a restart. */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { movableClock } from '../test-support';
import { catalogueFile, confirmedFile, StoredConfirmation } from './stored';

const HOUR_MS = 60 * 60_000;

describe('the counter’s clock ran two hours fast at the morning sync, and was put right before the next', () => {
  it('offline after a restart, the copy is dated by its last sync, as it was before closing, not in the future', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const clock = movableClock(Date.now() + 2 * HOUR_MS);
    const morning = await openCore(dir, running.url, { now: clock.now });
    await synced(morning);
    // The time service puts the clock right; the clerk's Refresh finds the shop unchanged (every page a 304).
    clock.advance(-2 * HOUR_MS);
    const confirmed = await refreshed(morning);
    expect(confirmed.state).toBe('fresh');
    expect(confirmed.syncedAt ?? Infinity).toBeLessThanOrEqual(clock.now());
    await morning.core.close();
    await running.close();

    const offline = await refreshed(await openCore(dir, running.url, { now: clock.now }));
    expect(offline.state).toBe('offline');
    // "Offline · copy from 11:14" at 09:20 would be a time that has not come yet; before closing it said 09:14.
    expect(offline.syncedAt).toBe(confirmed.syncedAt);
  });
});

describe('a copy confirmed by the version before this one (its confirmation names no rows), read after an update', () => {
  it('offline, is as old as that confirmation, as it was before the update', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const clock = movableClock(Date.now());
    const counter = await openCore(dir, running.url, { now: clock.now });
    await synced(counter);
    clock.advance(2 * HOUR_MS);
    const confirmed = await refreshed(counter);
    await counter.core.close();
    await running.close();
    const file = confirmedFile(catalogueFile(dir, 'demo', running.url));
    // As that version wrote it: only when.
    const { syncedAt } = StoredConfirmation.parse(JSON.parse(readFileSync(file, 'utf8')));
    writeFileSync(file, JSON.stringify({ syncedAt }));

    const offline = await refreshed(await openCore(dir, running.url, { now: clock.now }));
    expect(offline.state).toBe('offline');
    expect(offline.syncedAt).toBe(confirmed.syncedAt);
  });
});
