import { i18n, t, type MessageId } from '../i18n/i18n.svelte';
import { dateTimeFormat, relativeTimeFormat } from '../i18n/intl-formats';
import { dateTagOf } from '../i18n/locales';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateTag = (): string => dateTagOf(i18n.tag);

/** "just now", "12 minutes ago", "vor 3 Stunden", "hace 2 días": how old a cached list is, in the language in use. */
export function formatAge(ageMs: number): string {
  if (ageMs < MINUTE) return t('age.justNow');
  const [unit, size]: [Intl.RelativeTimeFormatUnit, number] =
    ageMs < HOUR ? ['minute', MINUTE] : ageMs < DAY ? ['hour', HOUR] : ['day', DAY];
  // `always`: "1 day ago", never "yesterday", so the words read the same whatever the unit.
  return relativeTimeFormat(i18n.tag, { numeric: 'always' }).format(-Math.floor(ageMs / size), unit);
}

/**
 * A date (and time, as `options` ask) in the language in use: "5 December 2030", "5. Dezember 2030"; French writes
 * the first of a month "1er décembre", as its typography does (Intl writes "1 décembre").
 */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const text = dateTimeFormat(dateTag(), options).format(date);
  return i18n.tag === 'fr' ? text.replace(/^1\b/, '1er') : text;
}

/**
 * "5 December 2030" from "2030-12-05" ("5. Dezember 2030" in German): a calendar date, which `Date` reads as UTC
 * midnight and which is written in UTC, so no zone moves it.
 */
export const formatIsoDate = (isoDate: string): string =>
  formatDate(new Date(isoDate), { dateStyle: 'long', timeZone: 'UTC' });

/** "1 day left", "420 days left", or that the date has passed. Days are not grouped: "1473 days left". */
export function formatDaysLeft(daysLeft: number): string {
  if (daysLeft === 0) return t('date.removedToday');
  const count = Math.abs(daysLeft);
  return t(daysLeft > 0 ? 'date.daysLeft' : 'date.removedAgo', { count, days: String(count) });
}

/**
 * "10:42" for a time today, "3 March, 10:42" for another day: when a saved copy was taken, in local time; or each in
 * a sentence of its own, as a language may word them apart ("Copie de 10:42", "Copie du 3 mars à 10:42").
 */
export function formatClock(
  atMs: number,
  nowMs: number,
  today?: MessageId,
  day: MessageId = 'date.dayAndTime',
): string {
  const at = new Date(atMs);
  const time = formatDate(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (at.toDateString() === new Date(nowMs).toDateString()) return today ? t(today, { time }) : time;
  const date = formatDate(at, { day: 'numeric', month: 'long' });
  return t(day, { date, time });
}
