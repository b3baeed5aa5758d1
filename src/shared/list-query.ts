import { z } from 'zod';
import { PetStatus } from './pet';

const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 20;

export const Limit = z
  .int({ error: 'Limit must be a whole number' })
  .min(LIMIT_MIN, `Limit must be at least ${LIMIT_MIN}`)
  .max(LIMIT_MAX, `Limit must be at most ${LIMIT_MAX}`);

/** The list query as the app holds it. */
export const ListQuery = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  status: z.optional(PetStatus),
});
export type ListQuery = z.infer<typeof ListQuery>;

/**
 * The list query as it arrives in a URL: each parameter at most once, limit
 * written as plain digits (no "2.5", "1e2", "+5" or "abc").
 */
export const ListQueryParams = z.strictObject({
  limit: z
    .string({ error: 'limit must be given once, as a whole number' })
    .regex(/^\d{1,4}$/, 'limit must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(Limit)
    .optional(),
  status: z.optional(PetStatus),
});

/**
 * The query string of a list request (without the `?`); `limit` always sent,
 * explicit beats implicit. A whole number and a status name need no escaping.
 */
export function listQuerySearch(query: ListQuery): string {
  return query.status ? `limit=${query.limit}&status=${query.status}` : `limit=${query.limit}`;
}
