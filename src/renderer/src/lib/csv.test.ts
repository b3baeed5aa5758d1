import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { exportFileName, rowsToCsv } from './csv';

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

  it('is named for its environment and time', () => {
    expect(exportFileName('demo', new Date(2026, 10, 23, 7, 5))).toBe('petstore-demo-2026-11-23-0705.csv');
  });
});
