/** review20: a small shop whose list has no next links is read as "All" then each status list, and "All" is asked a
 * second time when a status list shows an animal it did not (an add landed between). The rows kept are the first
 * answer's, but the time recorded for that page is the second ask's: a lookup's correction asked between the two
 * loses to the older page. */
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared';
import type { ConditionalPage } from '../petstore-client';
import { CatalogueRows } from './rows';
import { firstPageUrl, syncPages } from './sync';

const BASE = 'https://shop.example/v1';
const rexAvailable: Pet = { id: '1', name: 'Rex', categoryId: '1', status: 'available' };
const rexPending: Pet = { ...rexAvailable, status: 'pending' };
const max: Pet = { id: '2', name: 'Max', categoryId: '1', status: 'sold' };

describe('review20: a lookup during the sync of a small shop without next links', () => {
  it('the lookup’s correction (asked after "All" was first read) outlives that first read of "All"', async () => {
    const first = firstPageUrl(BASE);
    const rows = await CatalogueRows.of([{ url: first, pets: [rexAvailable] }], []);
    let lookupAskedAt = 0;
    let firstAsks = 0;
    const fetchPage = async (url: string): Promise<ConditionalPage> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (url === first) {
        firstAsks += 1;
        // First read: Rex still available (a replica a moment behind); the second read has Rex pending, and Max.
        return { changed: true, pets: firstAsks === 1 ? [rexAvailable] : [rexPending, max] };
      }
      // While the status lists are asked, the clerk looks Rex up: the service says pending.
      if (lookupAskedAt === 0) lookupAskedAt = performance.now();
      return { changed: true, pets: url.endsWith('status=sold') ? [max] : [] };
    };
    const since = rows.mark();
    const outcome = await syncPages(fetchPage, BASE, [{ url: first, pets: [rexAvailable] }]);
    expect(firstAsks).toBe(2);
    // The lookup's answer came while the sync ran.
    rows.put(rexPending, lookupAskedAt);
    await rows.rebuild(outcome.pages, since, outcome.askedAt);
    expect(rows.get('1')?.status).toBe('pending');
  });
});
