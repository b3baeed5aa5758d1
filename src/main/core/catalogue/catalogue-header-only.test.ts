/** The saved copy of a shop of 260 that kept only its header line: not an empty shop, and not the whole one. */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { catalogueFile } from './stored';

describe('the saved copy of a shop of 260, every page lost (the file ends after its header line)', () => {
  it('offline next morning, is said to be a copy cut short, not a whole shop of no animals', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const first = await openCore(dir, running.url);
    expect(await synced(first)).toMatchObject({ count: 260, completeness: 'complete' });
    await first.core.close();
    await running.close();
    const path = catalogueFile(dir, 'demo', running.url);
    const [header] = readFileSync(path, 'utf8').split('\n');
    writeFileSync(path, `${header ?? ''}\n`);

    const offline = await refreshed(await openCore(dir, running.url));
    expect(offline).toMatchObject({ state: 'offline', count: 0 });
    // The header still says when the 260 were synced: "0 animals, the whole shop, copy from 09:14" would be a lie.
    expect(offline.syncedAt).not.toBeNull();
    expect(offline.completeness).toBe('copy_cut_short');
  });
});
