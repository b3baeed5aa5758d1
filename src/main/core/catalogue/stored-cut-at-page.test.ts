/** A stored catalogue that lost its last pages whole (cut at a line's end) is not the whole shop. */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { catalogueFile } from './stored';

describe('the saved copy of a shop of 260, its last page lost whole (the file ends after page 2)', () => {
  it('offline, is said to be a copy cut short, not the whole shop of 200', async () => {
    const running = await service({ initialPets: shop() });
    const dir = folder();
    const first = await openCore(dir, running.url);
    expect(await synced(first)).toMatchObject({ count: 260, completeness: 'complete' });
    await first.core.close();
    await running.close();
    const path = catalogueFile(dir, 'demo', running.url);
    const text = readFileSync(path, 'utf8');
    // Page 2 still links page 3 (after=200), which the file no longer holds.
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    writeFileSync(path, `${lines.slice(0, 3).join('\n')}\n`);

    const offline = await refreshed(await openCore(dir, running.url));
    expect(offline).toMatchObject({ state: 'offline', count: 200 });
    // Not 'complete': the list, the export and the print must not call 200 animals the whole shop.
    expect(offline.completeness).toBe('copy_cut_short');
  });
});
