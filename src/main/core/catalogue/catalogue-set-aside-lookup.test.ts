/** The shop's saved copy set aside at start (damaged, or written by a newer version), or read only in part, while the
 * service is down: the lookup must not say of an animal of the shop that the copy lacks it. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { synced } from '../test-support/catalogue';
import { cleanups, folder, openCore, service, SHOP } from '../test-support/harness';
import { startLinklessService } from '../test-support/linkless-service';

const overnight: Record<string, (text: string) => string> = {
  'damaged overnight': (text) => `${'\u0000'.repeat(8)}${text.slice(8)}`,
  'written by a newer version': (text) => text.replace('"version":1', '"version":2'),
  // Its second page's line torn: the first page is kept, and the list says part of the copy could not be read.
  'torn after its first page': (text) => {
    const [header = '', first = '', second = ''] = text.split('\n');
    return [header, first, second.slice(0, 40)].join('\n');
  },
};

describe.each(Object.entries(overnight))(
  'the copy of a shop of 250 %s, the service down in the morning',
  (_, change) => {
    it('the lookup of an animal of the shop does not say the shop’s copy lacks it while the list says the shop is not loaded', async () => {
      const dataDir = folder();
      const running = await service({ initialPets: SHOP });
      const evening = await openCore(dataDir, running.url);
      const shop = await synced(evening);
      expect(shop.count).toBe(250);
      // On the shop's third page.
      const stock = shop.pets.find((pet) => pet.name === 'Stock 207');
      await evening.core.close();

      const [copy = ''] = readdirSync(dataDir).filter((name) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(name));
      writeFileSync(join(dataDir, copy), change(readFileSync(join(dataDir, copy), 'utf8')));
      const url = running.url;
      await running.close();

      const morning = await openCore(dataDir, url);
      await expect.poll(async () => (await morning.invoke('getCatalogue', {})).state).toBe('offline');
      // The list says "Not loaded yet" (no sync has answered, the copy was set aside), or, torn, "Part of the saved copy
      // could not be read".
      const list = await morning.invoke('getCatalogue', {});
      expect(list.syncedAt === null || list.completeness === 'copy_cut_short').toBe(true);
      // The lookup of Stock 207, an animal of the shop: seen "The service cannot be reached, and no animal with id 208 is
      // in the shop’s catalogue on this computer" — a clerk takes it as gone; the copy it speaks of is not all there.
      const lookup = await morning.core.invoke('lookupPet', { id: stock?.id ?? '' });
      expect(lookup.ok ? 'found' : lookup.error.reason).not.toBe('unreachable_not_in_catalogue');
    });
  },
);

describe('a shop of 250 at a service that shows at most 100 a status (no next links), down since the last sync', () => {
  it('the lookup of an animal past the first 100 says, as the list does, that some animals may be missing here', async () => {
    const running = await service({ initialPets: SHOP });
    const linkless = await startLinklessService(running.url);
    cleanups.push(() => linkless.close());
    const counter = await openCore(folder(), linkless.url);
    const shop = await synced(counter);
    // The list's note: "The service shows at most 100 animals per status, so some animals may be missing here."
    expect(shop.completeness).toBe('service_lists_capped');
    await linkless.setDown(true);
    // Stock 207 is in the shop, past the first 100 of "available". Seen: "The service cannot be reached, and no animal
    // with id 208 is in the shop’s catalogue on this computer" — not that the copy may lack it, as the list says.
    const lookup = await counter.core.invoke('lookupPet', { id: '208' });
    expect(lookup.ok ? 'found' : lookup.error.reason).not.toBe('unreachable_not_in_catalogue');
  });
});
