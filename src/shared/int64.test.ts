import fc from 'fast-check';
import { isInteger, parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import {
  compareInt64,
  INT64_MAX,
  INT64_MIN,
  Int64String,
  parseJson,
  Pet,
  newPetToWire,
  NewPet,
  stringifyJson,
  WireInt64,
  WirePets,
} from './index';

describe('int64 ids survive the whole path exactly', () => {
  const exact = ['9007199254740993', '9223372036854775807', '-9223372036854775808', '0', '42'];

  it.each(exact)('%s round-trips service JSON → app → IPC → request', (id) => {
    const serviceJson = `[{"id":${id},"name":"Rex","categoryId":${id}}]`;
    const [pet] = WirePets.parse(parseJson(serviceJson));
    expect(pet?.id).toBe(id);
    // IPC and the web preview carry app values as JSON: the decimal strings survive unchanged.
    const overIpc = Pet.parse(JSON.parse(JSON.stringify(pet)));
    expect(overIpc.id).toBe(id);
    expect(new URL(`pets/${encodeURIComponent(overIpc.id)}`, 'http://127.0.0.1/v1/').pathname).toBe(`/v1/pets/${id}`);
    // The create path's own request step: what PetstoreClient.createPet sends (category ids start at 1).
    if (BigInt(id) < 1n) return;
    const toAdd = NewPet.parse({ name: overIpc.name, categoryId: overIpc.categoryId });
    expect(stringifyJson(newPetToWire(toAdd))).toBe(`{"name":"Rex","categoryId":${id}}`);
  });

  it('refuses 9223372036854775808, one past the int64 maximum, in JSON and as a string', () => {
    expect(WireInt64.safeParse(parseJson('9223372036854775808')).success).toBe(false);
    expect(WireInt64.safeParse(parseJson('-9223372036854775809')).success).toBe(false);
    expect(Int64String.safeParse('9223372036854775808').success).toBe(false);
  });

  it('refuses non-canonical strings that would be a different id on the wire', () => {
    for (const text of ['007', '+5', '1e3', ' 5', '5 ', '', '-0x1', '1.0']) {
      expect(Int64String.safeParse(text).success, text).toBe(false);
    }
  });

  it('keeps the plain JSON behaviour for everything that is not a big integer', () => {
    expect(parseJson('{"a":1.5,"b":"x","c":[true,null],"d":12}')).toEqual({ a: 1.5, b: 'x', c: [true, null], d: 12 });
  });

  it('reads any JSON as lossless-json does, integers beyond 2^53 as bigints, whichever way it reads it (property)', () => {
    const bigIfUnsafe = (literal: string) =>
      isInteger(literal) && !Number.isSafeInteger(Number(literal)) ? BigInt(literal) : Number(literal);
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(parseJson(text)).toEqual(parse(text, null, bigIfUnsafe));
      }),
    );
    // The run of digits in a name sends the page the lossless way; its ids come back the same.
    expect(parseJson('[{"id":9007199254740993,"name":"Rex 1234567890123456"},{"id":5}]')).toEqual([
      { id: 9007199254740993n, name: 'Rex 1234567890123456' },
      { id: 5 },
    ]);
  });

  it('round-trips every int64 (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (value) => {
        const text = stringifyJson({ id: value });
        const parsed = WireInt64.parse((parseJson(text) as { id: unknown }).id);
        expect(parsed).toBe(value.toString());
      }),
    );
  });

  it('orders ids numerically, negative too, and unlike text', () => {
    expect(['10', '-3', '9', '-12', '0'].sort(compareInt64)).toEqual(['-12', '-3', '0', '9', '10']);
    expect(compareInt64('9223372036854775807', '9007199254740993')).toBeGreaterThan(0);
    expect(compareInt64('-1', '-1')).toBe(0);
  });

  it('takes a decimal id exactly when it is an int64, and orders any two as their numbers do (property)', () => {
    const wide = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });
    fc.assert(
      fc.property(wide, wide, (a, b) => {
        expect(Int64String.safeParse(String(a)).success).toBe(a >= INT64_MIN && a <= INT64_MAX);
        expect(Math.sign(compareInt64(String(a), String(b)))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });
});
