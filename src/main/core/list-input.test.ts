import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipcContract } from '../../shared';
import { readListInput } from './list-input';

const limit = fc.oneof(
  fc.integer({ min: -2, max: 102 }),
  fc.double(),
  fc.constantFrom(-0, 1.5, '20', null, undefined, 2 ** 53, Number.NaN),
);
const status = fc.oneof(fc.constantFrom('available', 'pending', 'sold', 'lost', 'Sold', null, undefined), fc.string());
const query = fc.oneof(
  fc.record({ limit, status, extra: fc.anything() }, { requiredKeys: [] }),
  fc.record({ limit, status }, { requiredKeys: ['limit'] }),
  fc.anything(),
);
const input = fc.oneof(
  fc.record({ query }),
  fc.record({ query, other: fc.anything() }, { requiredKeys: [] }),
  fc.anything(),
);

describe('the input of a list request from the renderer', () => {
  it('is read as the channel schema reads it, or left to the schema (property)', () => {
    for (const method of ['listPets', 'getCachedPets'] as const) {
      const schema = ipcContract[method].input;
      fc.assert(
        fc.property(input, (value) => {
          const fast = readListInput(value);
          if (fast === undefined) return;
          const checked = schema.safeParse(value);
          expect(checked.success).toBe(true);
          expect(fast).toStrictEqual(checked.data);
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('takes the lists the renderer asks for without the schema', () => {
    expect(readListInput({ query: { limit: 100 } })).toStrictEqual({ query: { limit: 100 } });
    expect(readListInput({ query: { status: 'sold', limit: 1 } })).toStrictEqual({
      query: { limit: 1, status: 'sold' },
    });
  });

  it('leaves every other input to the schema, which explains what is wrong', () => {
    const odd: unknown[] = [
      { query: {} },
      { query: { limit: 0 } },
      { query: { limit: 101 } },
      { query: { limit: 2.5 } },
      { query: { limit: '20' } },
      { query: { limit: 20, status: 'lost' } },
      { query: { limit: 20, status: undefined } },
      { query: { limit: 20, extra: 1 } },
      { query: { limit: 20 }, extra: 1 },
      { query: Object.assign(Object.create(null) as object, { limit: 20 }) },
      JSON.parse('{"query":{"limit":20,"__proto__":{"status":"sold"}}}'),
      [{ limit: 20 }],
      null,
    ];
    for (const value of odd) expect(readListInput(value), JSON.stringify(value)).toBeUndefined();
  });
});
