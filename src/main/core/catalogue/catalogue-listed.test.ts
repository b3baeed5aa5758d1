/** The animals an outage held are listed together as the drain sends them: each add's `known` is its own. */
import { describe, expect, it } from 'vitest';
import { cleanups, service } from '../test-support/harness';
import { cataloguesIn } from '../test-support/catalogue';

const available = 'available' as const;

describe('a shop with Goldie the goldfish, a dog called Rex, a dog called Goldie and a goldfish kept as “ GOLDIE ”', () => {
  it('a drain of Goldie the goldfish, Rex, a new Nemo and Goldie the dog reads the shop once, each against its own rows', async () => {
    const running = await service({
      initialPets: [
        { id: '11', name: 'Goldie', categoryId: '4', status: available },
        { id: '12', name: 'Rex', categoryId: '1', status: available },
        { id: '13', name: 'Goldie', categoryId: '1', status: available },
        { id: '14', name: ' GOLDIE ', categoryId: '4', status: available },
        { id: '15', name: 'Bubbles', categoryId: '4', status: available },
      ],
    });
    const catalogues = cataloguesIn(() => running.url);
    cleanups.push(() => catalogues.close());
    const outage = [
      { name: 'Goldie', categoryId: '4' },
      { name: 'Rex', categoryId: '1' },
      { name: 'Nemo', categoryId: '4' },
      { name: 'Goldie', categoryId: '1' },
    ];

    // Never read before: the shop is read as they leave, and no check of theirs would offer what it held.
    expect(await catalogues.listed('demo', outage, true)).toEqual([
      { known: ['11', '14'] },
      { known: ['12'] },
      {},
      { known: ['13'] },
    ]);
  });

  it('a drain of resends only (each left before) does not read the shop for them', async () => {
    const running = await service({ initialPets: [{ id: '11', name: 'Goldie', categoryId: '4', status: available }] });
    const catalogues = cataloguesIn(() => running.url);
    cleanups.push(() => catalogues.close());
    expect(await catalogues.listed('demo', [], true)).toEqual([]);
    expect((await catalogues.meta('demo')).syncedAt).toBeNull();
  });
});
