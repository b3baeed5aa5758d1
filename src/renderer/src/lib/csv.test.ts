import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName } from './csv';

describe('a CSV cell', () => {
  it('prefixes what could be a formula with one quote, and leaves plain numbers and ordinary text alone', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvCell("'Rex")).toBe("''Rex");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-0.25')).toBe('-0.25');
    expect(csvCell('-5+1')).toBe("'-5+1");
    expect(csvCell('Rex-Fido')).toBe('Rex-Fido');
    // A semicolon is quoted too: a spreadsheet that splits on it must not find `=1+1` at a cell's start.
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
  });

  it('is named for its environment, what it holds and its time: this view and the whole shop never share a name', () => {
    const at = new Date(2026, 10, 23, 7, 5);
    expect(exportFileName('demo', 'view', at)).toBe('petstore-demo-view-2026-11-23-0705.csv');
    expect(exportFileName('demo', 'shop', at)).toBe('petstore-demo-whole-shop-2026-11-23-0705.csv');
  });
});
