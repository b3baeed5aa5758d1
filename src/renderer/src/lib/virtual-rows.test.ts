import { describe, expect, it } from 'vitest';
import { movedIndex, rowWindow, scrollToShow } from './virtual-rows';

describe('the grid draws only the rows in view', () => {
  it('draws a screenful and a few either side, with padding for the rest', () => {
    expect(rowWindow(10_000, 30, 0, 300, 6)).toEqual({ start: 0, end: 17, before: 0, after: (10_000 - 17) * 30 });
    const middle = rowWindow(10_000, 30, 3_000, 300, 6);
    expect(middle).toEqual({ start: 94, end: 117, before: 94 * 30, after: (10_000 - 117) * 30 });
    expect(middle.before + (middle.end - middle.start) * 30 + middle.after).toBe(10_000 * 30);
    expect(rowWindow(5, 30, 0, 300)).toEqual({ start: 0, end: 5, before: 0, after: 0 });
  });

  it('moves by the keys a clerk expects, never past either end', () => {
    expect(movedIndex('ArrowDown', 0, 260, 10)).toBe(1);
    expect(movedIndex('ArrowUp', 0, 260, 10)).toBe(0);
    expect(movedIndex('ArrowDown', 259, 260, 10)).toBe(259);
    expect(movedIndex('PageDown', 255, 260, 10)).toBe(259);
    expect(movedIndex('Home', 100, 260, 10)).toBe(0);
    expect(movedIndex('End', 0, 260, 10)).toBe(259);
    expect(movedIndex('a', 0, 260, 10)).toBeNull();
    expect(movedIndex('End', 0, 0, 10)).toBeNull();
  });

  it('scrolls as little as it takes to show a row whole', () => {
    expect(scrollToShow(5, 30, 0, 300)).toBe(0);
    expect(scrollToShow(10, 30, 0, 300)).toBe(30);
    expect(scrollToShow(2, 30, 300, 300)).toBe(60);
    expect(scrollToShow(259, 30, 0, 300)).toBe(260 * 30 - 300);
  });
});
