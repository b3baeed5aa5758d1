import { expect } from 'vitest';
import type { PetStatus } from '../../../shared';
import { PetstoreClient } from '../petstore-client';
import { Catalogues } from '../catalogue/catalogues';
import { capturingLogger } from './index';
import { folder, KEY, type Harness } from './harness';

/** 260 animals, more than 100 of them available: three pages of 100, and more than one status list can show. */
export const shop = () =>
  Array.from({ length: 260 }, (_, index) => ({
    name: `Animal ${String(index + 1)}`,
    categoryId: String((index % 6) + 1),
    status: (['available', 'available', 'pending', 'sold'] as const satisfies PetStatus[])[index % 4],
  }));

/** Waits for the sync under way (the one at start, or a Refresh) to end, and returns the catalogue. */
export async function synced(harness: Pick<Harness, 'invoke'>, after = 0) {
  await expect
    // A sync of a few pages, on a machine shared with other work.
    .poll(
      async () => {
        const meta = await harness.invoke('getCatalogue', {});
        return meta.state !== 'syncing' && (meta.syncedAt ?? 0) > after;
      },
      { timeout: 5000 },
    )
    .toBe(true);
  return harness.invoke('getCatalogue', {});
}

/** "Refresh", as the clerk presses it: the catalogue once that sync has ended, fresh or not (its state says why). */
export async function refreshed(harness: Pick<Harness, 'invoke'>, timeout = 5000) {
  await harness.invoke('refreshCatalogue', {});
  await expect.poll(async () => (await harness.invoke('getCatalogue', {})).state, { timeout }).not.toBe('syncing');
  return harness.invoke('getCatalogue', {});
}

/** The catalogues alone, as the core holds them, reading the shop at the address `baseUrl` says (a fresh folder unless
 * given; `syncAfterAddMs` as the test needs). */
export const cataloguesIn = (baseUrl: () => string, dataDir = folder(), syncAfterAddMs?: number) =>
  new Catalogues({
    dataDir,
    now: Date.now,
    logger: capturingLogger(),
    notify: () => undefined,
    baseUrl,
    fetchPage: (_environmentId, url, etag) =>
      new PetstoreClient({ fetch, baseUrl: baseUrl(), apiKey: KEY, appVersion: 'test' }).conditionalPage(url, etag),
    onChange: () => undefined,
    ...(syncAfterAddMs !== undefined && { syncAfterAddMs }),
  });
