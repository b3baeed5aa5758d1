/** A catalogue file put in another's place by hand: its rows are another shop's, and never shown as this one's. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';

const catalogueFileIn = (dir: string) => {
  const name = readdirSync(dir).find((file) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(file));
  if (!name) throw new Error(`no catalogue file in ${dir}`);
  return join(dir, name);
};

/** The big shop's copy, as its counter keeps it. */
async function bigShopCopy(): Promise<string> {
  const big = await service({ initialPets: shop() });
  const dir = folder();
  const counter = await openCore(dir, big.url);
  await synced(counter);
  await counter.core.close();
  return catalogueFileIn(dir);
}

describe('a catalogue file copied by hand over the small shop’s own', () => {
  it.each([
    ['the big shop’s, at its own address', (text: string) => text],
    [
      'another environment’s, at the small shop’s address',
      (text: string, smallUrl: string) => {
        const [header = '', ...pages] = text.split('\n');
        const foreign = { ...(JSON.parse(header) as object), environmentId: 'staging', baseUrl: smallUrl };
        return [JSON.stringify(foreign), ...pages].join('\n');
      },
    ],
  ])('(%s) is moved aside with a notice: offline, the small shop shows none of the big shop’s 260', async (_, made) => {
    const bigCopy = await bigShopCopy();
    const small = await service({ initialPets: shop().slice(0, 5) });
    const dir = folder();
    const counter = await openCore(dir, small.url);
    expect((await synced(counter)).count).toBe(5);
    await counter.core.close();
    const own = catalogueFileIn(dir);
    writeFileSync(own, made(readFileSync(bigCopy, 'utf8'), small.url));
    await small.close();

    const again = await openCore(dir, small.url);
    expect(await refreshed(again)).toMatchObject({ count: 0, state: 'offline' });
    const status = await again.invoke('getStatus', {});
    expect(status.notices).toContainEqual(
      expect.objectContaining({
        reason: 'file_unreadable',
        params: expect.objectContaining({ file: 'catalogue', problem: 'not_recognised' }) as unknown,
      }),
    );
    expect(
      readdirSync(dir).filter((file) => file.startsWith('catalogue-demo-') && file.includes('.corrupt-')),
    ).toHaveLength(1);
  });
});
