import { describe, expect, it } from 'vitest';
import { ScanDetector } from './scanner';

/** Feeds keys at the given times (ms) and collects what was read as a scan. */
function feed(keys: [key: string, at: number][], inTextField = false): (string | null)[] {
  const detector = new ScanDetector();
  return keys.map(([key, at]) => detector.feed(key, at, inTextField)).filter((scan) => scan !== null);
}

describe('telling a barcode scan from typing', () => {
  it('reads digits typed hard on each other and ended by Enter', () => {
    expect(
      feed([
        ['4', 0],
        ['2', 8],
        ['0', 15],
        ['Enter', 22],
      ]),
    ).toEqual(['420']);
  });

  it('ignores a person typing digits and Enter at human speed', () => {
    expect(
      feed([
        ['4', 0],
        ['2', 180],
        ['Enter', 400],
      ]),
    ).toEqual([]);
    expect(
      feed([
        ['4', 0],
        ['2', 10],
        ['Enter', 300],
      ]),
    ).toEqual([]);
  });

  it('starts over after a pause or another key, and never reads inside a text field', () => {
    expect(
      feed([
        ['9', 0],
        ['4', 500],
        ['2', 510],
        ['Enter', 520],
      ]),
    ).toEqual(['42']);
    expect(
      feed([
        ['4', 0],
        ['a', 5],
        ['2', 10],
        ['Enter', 15],
      ]),
    ).toEqual(['2']);
    expect(
      feed(
        [
          ['4', 0],
          ['2', 5],
          ['Enter', 10],
        ],
        true,
      ),
    ).toEqual([]);
  });

  it('reads ids beyond 2^53 digit for digit', () => {
    const keys = Array.from('9007199254740993').map((digit, index): [string, number] => [digit, index * 5]);
    expect(feed([...keys, ['Enter', 100]])).toEqual(['9007199254740993']);
  });
});
