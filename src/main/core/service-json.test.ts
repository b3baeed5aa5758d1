import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../../shared';
import { parseServiceJson } from './service-json';

describe('reading service JSON', () => {
  it('keeps ids beyond 2^53 exact, wherever they sit', () => {
    expect(parseServiceJson('[{"id":9007199254740993,"categoryId":1}]')).toEqual([
      { id: 9007199254740993n, categoryId: 1 },
    ]);
    expect(parseServiceJson('9223372036854775807')).toBe(9223372036854775807n);
    expect(parseServiceJson('{"a": [1,\n -9223372036854775808]}')).toEqual({ a: [1, -9223372036854775808n] });
  });

  it('reads exactly what the shared lossless parser reads (property)', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const text = stringifyJson(input);
        expect(parseServiceJson(text)).toEqual(parseJson(text));
      }),
    );
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseServiceJson('<html>Bad gateway</html>')).toThrow();
    expect(() => parseServiceJson('[{"id":1')).toThrow();
  });
});
