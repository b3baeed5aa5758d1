import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.svelte';
import { formatAge, formatClock, formatDate, formatDaysLeft, formatIsoDate } from './format';

describe('how old a cached list is, in words', () => {
  it('reads like the offline banner staff see', () => {
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(60_000)).toBe('1 minute ago');
    expect(formatAge(12 * 60_000 + 59_000)).toBe('12 minutes ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 hours ago');
    expect(formatAge(2 * 86_400_000)).toBe('2 days ago');
  });
});

describe('the deprecated lookup dates', () => {
  afterEach(() => i18n.choose(null));

  it('writes the removal date in words, whatever the OS locale', () => {
    expect(formatIsoDate('2030-12-05')).toBe('5 December 2030');
  });

  it('counts the days left, and says when the date has passed', () => {
    expect(formatDaysLeft(1)).toBe('1 day left');
    expect(formatDaysLeft(420)).toBe('420 days left');
    expect(formatDaysLeft(0)).toBe('removed today');
    expect(formatDaysLeft(-3)).toBe('removed 3 days ago');
  });
  it('writes dates and days left in the language in use, days never grouped', () => {
    expect(formatDaysLeft(1473)).toBe('1473 days left');
    i18n.choose('de');
    expect(formatIsoDate('2030-12-05')).toBe('5. Dezember 2030');
    expect(formatDaysLeft(1)).toBe('noch 1 Tag');
    expect(formatDaysLeft(-3)).toBe('vor 3 Tagen eingestellt');
    i18n.choose('fr');
    expect(formatIsoDate('2030-12-05')).toBe('5 décembre 2030');
    expect(formatDaysLeft(420)).toBe('420 jours restants');
    i18n.choose('es');
    expect(formatIsoDate('2030-12-05')).toBe('5 de diciembre de 2030');
    expect(formatDaysLeft(1)).toBe('queda 1 día');
  });

  it('writes the first of a month “1er” in French, as French typography does, and only there', () => {
    i18n.choose('fr');
    expect(formatIsoDate('2030-12-01')).toBe('1er décembre 2030');
    expect(formatIsoDate('2030-12-11')).toBe('11 décembre 2030');
    expect(formatIsoDate('2030-12-21')).toBe('21 décembre 2030');
    i18n.choose('de');
    expect(formatIsoDate('2030-12-01')).toBe('1. Dezember 2030');
    i18n.choose('es');
    expect(formatIsoDate('2030-12-01')).toBe('1 de diciembre de 2030');
    i18n.choose(null);
    expect(formatIsoDate('2030-12-01')).toBe('1 December 2030');
  });
});

describe('a date and time on paper', () => {
  afterEach(() => i18n.choose(null));

  it('reads day first in English, as every other date in the app does, and in the language in use', () => {
    const at = new Date(2026, 10, 23, 14, 45);
    const printHeader: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
    i18n.choose('en');
    expect(formatDate(at, printHeader)).toBe('23 Nov 2026, 14:45');
    i18n.choose('de');
    expect(formatDate(at, printHeader)).toBe('23.11.2026, 14:45');
  });

  it('prints the first of a month “1er” in French', () => {
    i18n.choose('fr');
    const printHeader: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
    expect(formatDate(new Date(2026, 11, 1, 14, 45), printHeader)).toBe('1er déc. 2026, 14:45');
    expect(formatDate(new Date(2026, 11, 10, 14, 45), printHeader)).toBe('10 déc. 2026, 14:45');
  });
});

describe('when a saved copy was taken', () => {
  afterEach(() => i18n.choose(null));
  const at = new Date(2030, 2, 3, 10, 42).getTime();

  it('gives the time alone today, and the day too on another day', () => {
    expect(formatClock(at, at + 60_000)).toBe('10:42');
    expect(formatClock(at, at + 3 * 86_400_000)).toBe('3 March, 10:42');
    i18n.choose('de');
    expect(formatClock(at, at + 3 * 86_400_000)).toBe('3. März, 10:42');
    i18n.choose('fr');
    expect(formatClock(at, at + 3 * 86_400_000)).toBe('3 mars à 10:42');
  });

  it('says “1er” for a copy taken on the first of a month in French, “1” elsewhere', () => {
    const first = new Date(2030, 11, 1, 10, 42).getTime();
    i18n.choose('fr');
    expect(formatClock(first, first + 86_400_000)).toBe('1er décembre à 10:42');
    expect(formatClock(first + 10 * 86_400_000, first + 11 * 86_400_000)).toBe('11 décembre à 10:42');
    i18n.choose('en');
    expect(formatClock(first, first + 86_400_000)).toBe('1 December, 10:42');
  });
});
