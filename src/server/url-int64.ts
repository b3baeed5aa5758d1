import { z } from 'zod';
import { INT64_MAX, INT64_MIN } from '../shared';

/**
 * An int64 in a URL, written one way only: no `+`, no leading zeros, no `-0` (which would
 * otherwise be read as 0), at most 19 digits.
 */
export const CanonicalInt64 = z
  .string({ error: 'must be given once, as a whole number' })
  .regex(/^(0|-?[1-9]\d{0,18})$/, { error: 'must be a whole number written plainly, like 42', abort: true })
  .refine((value) => BigInt(value) >= INT64_MIN && BigInt(value) <= INT64_MAX, 'must be a 64-bit integer');
