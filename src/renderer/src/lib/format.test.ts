import { describe, expect, it } from 'vitest';
import { formatAge, formatDaysLeft, formatIsoDate } from './format';

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
  it('writes the removal date in words, whatever the OS locale', () => {
    expect(formatIsoDate('2030-12-05')).toBe('5 December 2030');
  });

  it('counts the days left, and says when the date has passed', () => {
    expect(formatDaysLeft(1)).toBe('1 day left');
    expect(formatDaysLeft(420)).toBe('420 days left');
    expect(formatDaysLeft(0)).toBe('removed today');
    expect(formatDaysLeft(-3)).toBe('removed 3 days ago');
  });
});
