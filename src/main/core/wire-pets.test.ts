import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson, WirePets } from '../../shared';
import { readWirePetsText } from './wire-pets';

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

describe('reading a list from the text the service sent', () => {
  it('gives what the lossless parser and the shared schema give, ids beyond 2^53 exact (property)', () => {
    const list = fc.oneof(fc.array(pet, { maxLength: 5 }), fc.array(fc.anything(), { maxLength: 3 }), fc.anything());
    // Mostly pets, plain and not; sometimes anything at all.
    fc.assert(
      fc.property(list, (value) => {
        // Integers of any size written as exact literals, as a service sends them
        // (values JSON cannot hold, such as undefined alone, are not lists anyone sends).
        let text: string;
        try {
          text = stringifyJson(value);
        } catch {
          return;
        }
        const shared = WirePets.safeParse(parseJson(text));
        const ours = readWirePetsText(text);
        expect(ours.success).toBe(shared.success);
        if (shared.success && ours.success) expect(ours.data).toEqual(shared.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps an id one past 2^53 exact, which JSON.parse alone would round', () => {
    const read = readWirePetsText('[{"id":9007199254740993,"name":"Big Ben","categoryId":2}]');
    expect(read).toEqual({ success: true, data: [{ id: '9007199254740993', name: 'Big Ben', categoryId: '2' }] });
  });

  it('throws on text that is not JSON, for the caller to report', () => {
    expect(() => readWirePetsText('[{"id":1,')).toThrow(SyntaxError);
  });
});
