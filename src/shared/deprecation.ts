import { z } from 'zod/mini';

/** Spec 4.3 / 9.3: GET /pets/{petId} is removed on this date (UTC). */
export const GET_PET_REMOVAL_DATE = '2030-12-05';
export const GET_PET_SUNSET_HTTP_DATE = 'Thu, 05 Dec 2030 00:00:00 GMT';

export const LookupMode = z.enum(['service', 'cache']);
export type LookupMode = z.infer<typeof LookupMode>;

/** What the lookup screen must always show about the deprecated operation. */
export const DeprecationNotice = z.object({
  removalDate: z.iso.date(),
  daysLeft: z.int(),
  /** 'cache' once the service must no longer be asked; `reason` says why. */
  mode: LookupMode,
  reason: z.optional(z.enum(['service_gone', 'removal_date_passed'])),
});
export type DeprecationNotice = z.infer<typeof DeprecationNotice>;

/** The lookup screen counts the days down only in the last 90: before that a count is noise, not a warning. */
export const COUNTDOWN_DAYS = 90;

export const showsCountdown = (notice: DeprecationNotice): boolean =>
  notice.mode === 'service' && notice.daysLeft <= COUNTDOWN_DAYS;
