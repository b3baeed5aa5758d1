import { describe, expect, it } from 'vitest';
import { movedIndex, rowWindow, scrollToShow } from './virtual-rows';

describe('the grid draws only the rows in view', () => {
  it('draws a screenful and a few either side, with padding for the rest', () => {
    // Ten rows fill a view of 300 px at the top: rows 0–9, and six after.
    expect(rowWindow(10_000, 30, 0, 300, 6)).toEqual({ start: 0, end: 16, before: 0, after: (10_000 - 16) * 30 });
    const middle = rowWindow(10_000, 30, 3_000, 300, 6);
    expect(middle).toEqual({ start: 94, end: 116, before: 94 * 30, after: (10_000 - 116) * 30 });
    expect(middle.before + (middle.end - middle.start) * 30 + middle.after).toBe(10_000 * 30);
    // Scrolled half a row: rows 100–110 show, the first and the last in part.
    expect(rowWindow(10_000, 30, 3_015, 300, 0)).toMatchObject({ start: 100, end: 111 });
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
