import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { FORMULA_START, HOSTILE_NAMES, unprefixed } from '../../../shared/test-support/hostile-names';
import { csvCell, exportFileName, rowsToCsv } from './csv';

const tricky: Pet[] = [
  { id: '9007199254740993', name: 'Rex, the "Great"', categoryId: '9223372036854775807', status: 'available' },
  { id: '2', name: 'Line one\nline two', categoryId: '1', status: 'sold' },
  { id: '3', name: '🐢 Speedy — Zoë', categoryId: '4' },
];

describe('the exported CSV', () => {
  it('reads back the same with a CSV library: ids beyond 2^53, commas, quotes, newlines and emoji', () => {
    const csv = rowsToCsv(
      tricky.map((pet, index) => (index === 2 ? { pet, savedAt: 0 } : { pet })),
      () => 'saved list, 3 hours ago',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true, dynamicTyping: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Id (text)', 'Name', 'Category id (text)', 'Status', 'Read from'],
      ['9007199254740993', 'Rex, the "Great"', '9223372036854775807', 'available', 'shown list'],
      ['2', 'Line one\nline two', '1', 'sold', 'shown list'],
      ['3', '🐢 Speedy — Zoë', '4', '', 'saved list, 3 hours ago'],
    ]);
    expect(csv).toContain('\r\n');
  });

  it('gives back every hostile name from the service exactly, and no cell a spreadsheet could run', () => {
    const rows = HOSTILE_NAMES.map((name, index) => ({
      pet: { id: String(index + 1), name, categoryId: index % 2 === 0 ? '-7' : '9223372036854775807' },
    }));
    const csv = rowsToCsv(rows, () => '');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true, dynamicTyping: false });
    expect(parsed.errors).toEqual([]);
    const body = parsed.data.slice(1);
    expect(body.map((row) => unprefixed(row[1] ?? ''))).toEqual(HOSTILE_NAMES);
    // Data stays readable: ids and a negative category id are written as they are.
    expect(body.map((row) => row[0])).toEqual(HOSTILE_NAMES.map((_, index) => String(index + 1)));
    expect(body.map((row) => row[2])).toEqual(rows.map((row) => row.pet.categoryId));
    for (const cell of body.flat()) {
      if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(FORMULA_START);
    }
  });

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

  it('is named for its environment and time', () => {
    expect(exportFileName('demo', new Date(2026, 10, 23, 7, 5))).toBe('petstore-demo-2026-11-23-0705.csv');
  });
});
