import { isPetStatus, LIMIT_MAX, LIMIT_MIN, type ListQuery } from '../../shared';

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The input of the two list channels in the form the renderer sends it on
 * every list — `{ query: { limit, status? } }`, both valid — read without the
 * schema. In a tight loop zod takes 0.1 µs here, but among a request's other
 * work its code runs cold, about 5 µs of each list (the core bench's figure).
 * Anything else returns undefined and goes through the channel's schema, which
 * also words the errors; the property test in list-input.test.ts holds the two
 * to the same answers.
 */
export function readListInput(value: unknown): { query: ListQuery } | undefined {
  if (!isPlainRecord(value)) return undefined;
  const outer = Object.keys(value);
  if (outer.length !== 1 || outer[0] !== 'query') return undefined;
  const { query } = value;
  if (!isPlainRecord(query)) return undefined;
  const { limit, status } = query;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < LIMIT_MIN || limit > LIMIT_MAX) return undefined;
  const keys = Object.keys(query).length;
  if (keys === 1 && Object.hasOwn(query, 'limit')) return { query: { limit } };
  if (keys === 2 && Object.hasOwn(query, 'limit') && isPetStatus(status)) return { query: { limit, status } };
  return undefined;
}
