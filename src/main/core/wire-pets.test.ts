import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WirePets } from '../../shared';
import { readWirePets } from './wire-pets';

describe('reading a list from the service', () => {
  it('accepts and refuses exactly what the shared schema does, with the same result (property)', () => {
    const id = fc.oneof(
      fc.integer(),
      fc.maxSafeInteger(),
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
      fc.double(),
      fc.constant(-0),
      fc.string(),
    );
    const pet = fc.record(
      {
        id,
        name: fc.oneof(fc.string(), fc.integer()),
        categoryId: id,
        status: fc.constantFrom('available', 'sold', 'lost', null, undefined),
        extra: fc.string(),
      },
      { requiredKeys: ['id', 'name', 'categoryId'] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(pet, { maxLength: 5 }), fc.anything()), (value) => {
        const shared = WirePets.safeParse(value);
        const ours = readWirePets(value);
        expect(ours.success).toBe(shared.success);
        if (shared.success && ours.success) expect(ours.data).toEqual(shared.data);
      }),
      { numRuns: 2000 },
    );
  });
});
