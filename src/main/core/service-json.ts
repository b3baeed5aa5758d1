import { parseJson } from '../../shared';

/** True when some number in the value may have been rounded by JSON.parse: an integer-valued double beyond 2^53. */
function mayHaveLostPrecision(value: unknown): boolean {
  // Safe integers are nearly every number in a list, so they answer with one test.
  if (typeof value === 'number') return !Number.isSafeInteger(value) && Number.isInteger(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (mayHaveLostPrecision(item)) return true;
    return false;
  }
  for (const key in value) {
    if (mayHaveLostPrecision((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Lossless JSON as the shared `parseJson` defines it: JSON.parse first, and
 * the lossless parser only when a number may have been rounded (any integer
 * beyond 2^53 parses to a double that is not a safe integer, so none is
 * missed). Kept because the core bench shows a lossless parse of every list
 * breaks its 1.5× alarm.
 */
export function parseServiceJson(text: string): unknown {
  const quick: unknown = JSON.parse(text);
  return mayHaveLostPrecision(quick) ? parseJson(text) : quick;
}
