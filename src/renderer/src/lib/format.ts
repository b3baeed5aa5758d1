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

/** "just now", "12 minutes ago", "3 hours ago", "2 days ago": how old a cached list is, in words. */
export function formatAge(ageMs: number): string {
  if (ageMs < MINUTE) return 'just now';
  if (ageMs < HOUR) return `${plural(Math.floor(ageMs / MINUTE), 'minute')} ago`;
  if (ageMs < DAY) return `${plural(Math.floor(ageMs / HOUR), 'hour')} ago`;
  return `${plural(Math.floor(ageMs / DAY), 'day')} ago`;
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
