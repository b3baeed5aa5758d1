import { describe, expect, it } from 'vitest';
import { DeprecationNotice, showsCountdown } from '../../shared';
import { deprecationNotice, parseHeaderDate } from './deprecation-policy';

const at = (iso: string) => Date.parse(iso);

describe('the deprecated lookup by id', () => {
  // What replaces it (the list with a status filter) is the renderer's to say, in the clerk's language.
  it('works today, saying when it goes away and how long is left', () => {
    const notice = deprecationNotice(at('2030-11-05T12:00:00Z'), {});
    expect(DeprecationNotice.parse(notice)).toEqual({
      removalDate: '2030-12-05',
      daysLeft: 30,
      mode: 'service',
    });
  });

  it('counts the days down only in the last 90, moving the clock across that line', () => {
    expect(showsCountdown(deprecationNotice(at('2026-11-25T12:00:00Z'), {}))).toBe(false);
    expect(showsCountdown(deprecationNotice(at('2030-09-05T12:00:00Z'), {}))).toBe(false);
    expect(showsCountdown(deprecationNotice(at('2030-09-06T12:00:00Z'), {}))).toBe(true);
    // Once the date has passed there is nothing left to count.
    expect(showsCountdown(deprecationNotice(at('2030-12-06T12:00:00Z'), {}))).toBe(false);
  });

  it('still works on the last day, with one day left', () => {
    expect(deprecationNotice(at('2030-12-04T23:59:59Z'), {})).toMatchObject({ daysLeft: 1, mode: 'service' });
  });

  it('stops asking the service on the removal date and says why', () => {
    const notice = deprecationNotice(at('2030-12-05T00:00:00Z'), {});
    expect(notice).toEqual({ removalDate: '2030-12-05', daysLeft: 0, mode: 'cache', reason: 'removal_date_passed' });
  });

  it('follows an earlier Sunset date the service announces', () => {
    const sunsetMs = parseHeaderDate('Sat, 01 Jun 2030 00:00:00 GMT');
    expect(deprecationNotice(at('2030-05-31T00:00:00Z'), { sunsetMs })).toMatchObject({
      removalDate: '2030-06-01',
      daysLeft: 1,
      mode: 'service',
    });
    expect(deprecationNotice(at('2030-06-01T00:00:00Z'), { sunsetMs })).toMatchObject({ mode: 'cache' });
  });

  it('ignores a later Sunset date: the spec promises the operation until 5 December 2030 at most', () => {
    const sunsetMs = parseHeaderDate('Wed, 01 Jan 2031 00:00:00 GMT');
    expect(deprecationNotice(at('2030-01-01T00:00:00Z'), { sunsetMs }).removalDate).toBe('2030-12-05');
  });

  it('answers from the cache once the service has said 410 Gone, even before the date', () => {
    const notice = deprecationNotice(at('2027-01-01T00:00:00Z'), { gone: true });
    expect(notice).toMatchObject({ mode: 'cache', reason: 'service_gone', removalDate: '2030-12-05' });
  });

  it('reads both header date forms, and nothing else', () => {
    expect(parseHeaderDate('@1688169599')).toBe(1688169599000);
    expect(parseHeaderDate('Thu, 05 Dec 2030 00:00:00 GMT')).toBe(at('2030-12-05T00:00:00Z'));
    expect(parseHeaderDate('true')).toBeUndefined();
    expect(parseHeaderDate('0')).toBeUndefined();
    expect(parseHeaderDate(null)).toBeUndefined();
  });
});
