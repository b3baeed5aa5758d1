import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { OutboxItem } from '../../../shared/views';
import { listCsv } from './list-csv';
import { listRows } from './list-rows';

const tricky: Pet[] = [
  { id: '9007199254740993', name: 'Rex, the "Great"', categoryId: '9223372036854775807', status: 'available' },
  { id: '2', name: 'Line one\nline two', categoryId: '1', status: 'sold' },
  { id: '3', name: '🐢 Speedy — Zoë', categoryId: '4' },
];
const waiting: OutboxItem = {
  id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
  environmentId: 'demo',
  pet: { name: '=1+1', categoryId: '1', status: 'pending' },
  state: 'queued',
  createdAt: 0,
  attempts: 0,
};

describe('the list as CSV', () => {
  it('has plain column names and the category’s name, and reads back exactly: ids beyond 2^53, commas, quotes, newlines', () => {
    const csv = listCsv(listRows(tricky, [waiting]), [{ id: '1', label: 'Cats' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true, dynamicTyping: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Id', 'Name', 'Category', 'Category id', 'Status', 'Note'],
      ['9007199254740993', 'Rex, the "Great"', '', '9223372036854775807', 'Available', ''],
      ['2', 'Line one\nline two', 'Cats', '1', 'Sold', ''],
      ['3', '🐢 Speedy — Zoë', '', '4', '', ''],
      // Not sent yet: no id, and a name a spreadsheet would run is written as text.
      ['', "'=1+1", 'Cats', '1', 'Pending', 'not sent yet'],
    ]);
  });
});
