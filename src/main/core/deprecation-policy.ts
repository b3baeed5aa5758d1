import { GET_PET_REMOVAL_DATE, type DeprecationNotice } from '../../shared';
import { httpDate } from './service-errors';

const DAY_MS = 86_400_000;
const GET_PET_REMOVAL_MS = Date.parse(`${GET_PET_REMOVAL_DATE}T00:00:00Z`);

/** What the service has told us about the deprecated lookup, per environment. */
export interface LookupSignals {
  /** A Sunset header's date (epoch ms), when one was sent. */
  sunsetMs?: number;
  /** The service answered 410 Gone. */
  gone?: boolean;
}

/**
 * Reads a Sunset header (RFC 8594, an HTTP date) or a Deprecation header
 * (RFC 9745, `@<epoch seconds>`; older drafts used an HTTP date or `true`).
 */
export function parseHeaderDate(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  const epoch = /^@(-?\d+)$/.exec(text);
  if (epoch?.[1] !== undefined) return Number(epoch[1]) * 1000;
  return httpDate(text);
}

/** The removal date in force: the spec's, unless the service announced an earlier one. */
function effectiveRemoval(signals: LookupSignals): number {
  return signals.sunsetMs !== undefined && signals.sunsetMs < GET_PET_REMOVAL_MS
    ? signals.sunsetMs
    : GET_PET_REMOVAL_MS;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * What the lookup screen must say, and whether the service may still be asked.
 * On or after the removal date, or once the service said 410, the answer
 * comes from the cached lists.
 */
export function deprecationNotice(now: number, signals: LookupSignals): DeprecationNotice {
  const removal = effectiveRemoval(signals);
  const daysLeft = Math.max(0, Math.ceil((removal - now) / DAY_MS));
  const base = { removalDate: isoDate(removal), daysLeft };
  if (signals.gone) {
    return { ...base, mode: 'cache', reason: 'service_gone' };
  }
  if (now >= removal) {
    return { ...base, mode: 'cache', reason: 'removal_date_passed' };
  }
  return { ...base, mode: 'service' };
}
