import { i18n, t } from '../i18n/i18n.svelte';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "1 animal", "2 animals": English plurals of regular nouns. */
export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "just now", "12 minutes ago", "vor 3 Stunden", "hace 2 días": how old a cached list is, in the language in use. */
export function formatAge(ageMs: number): string {
  if (ageMs < MINUTE) return t('age.justNow');
  const [unit, size]: [Intl.RelativeTimeFormatUnit, number] =
    ageMs < HOUR ? ['minute', MINUTE] : ageMs < DAY ? ['hour', HOUR] : ['day', DAY];
  // `always`: "1 day ago", never "yesterday", so the words read the same whatever the unit.
  return new Intl.RelativeTimeFormat(i18n.tag, { numeric: 'always' }).format(-Math.floor(ageMs / size), unit);
}

/** "5 December 2030" from "2030-12-05", without the OS locale changing the words the tests and staff read. */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1];
  return `${day} ${name} ${year}`;
}

/** "1 day left", "420 days left", or that the date has passed. */
export function formatDaysLeft(daysLeft: number): string {
  if (daysLeft > 0) return `${plural(daysLeft, 'day')} left`;
  if (daysLeft === 0) return 'removed today';
  return `removed ${plural(-daysLeft, 'day')} ago`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "10:42" for a time today, "3 March, 10:42" for another day: when a saved copy was taken, in local time. */
export function formatClock(atMs: number, nowMs: number): string {
  const at = new Date(atMs);
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  return at.toDateString() === new Date(nowMs).toDateString()
    ? time
    : `${at.getDate()} ${MONTHS[at.getMonth()]}, ${time}`;
}
