import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.svelte';
import type { Pet } from '../../../shared/pet';
import type { CatalogueMeta, OutboxItem } from '../../../shared/views';
import { listCsv } from './list-csv';
import { listRows } from './list-rows';
import { incompleteNote } from './list-status';

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
      ['3', '🐢 Speedy — Zoë', '', '4', 'Not set', ''],
      // Not sent yet: no id, and a name a spreadsheet would run is written as text.
      ['', "'=1+1", 'Cats', '1', 'Pending', 'not sent yet'],
    ]);
  });

  afterEach(() => i18n.choose(null));

  it('writes each status as the list shows it: an animal waiting with the service’s default says so, in each language', () => {
    const unset: OutboxItem = {
      ...waiting,
      id: 'c1f0b7a2-0d5e-4c33-8a4e-2b9f6d0e7a11',
      pet: { name: 'Bello', categoryId: '1' },
    };
    const rows = listRows([{ id: '3', name: 'Speedy', categoryId: '4' }], [unset]);
    const statuses = (language: 'en' | 'de' | 'fr' | 'es') => {
      i18n.choose(language);
      const csv = listCsv(rows, []).slice(1);
      const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: language === 'en' ? ',' : ';' });
      return parsed.data.slice(1).map((row) => row[4]);
    };
    expect(statuses('en')).toEqual(['Not set', 'Service default']);
    expect(statuses('de')).toEqual(['Nicht gesetzt', 'Dienstvorgabe']);
    expect(statuses('fr')).toEqual(['Non défini', 'Par défaut']);
    expect(statuses('es')).toEqual(['Sin definir', 'Por defecto']);
  });

  it('in German, French and Spanish is split by semicolons, as their spreadsheets split it (a comma gave one column)', () => {
    const rows = listRows([{ id: '7', name: 'Rex; der Große', categoryId: '1', status: 'available' }], []);
    i18n.choose('de');
    const csv = listCsv(rows, [{ id: '1', label: 'Hunde, groß' }]);
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFID;Name;Kategorie;Kategorie-ID;Status;Hinweis',
      '7;"Rex; der Große";"Hunde, groß";1;Verfügbar;',
    ]);
    for (const language of ['fr', 'es'] as const) {
      i18n.choose(language);
      expect(listCsv(rows, []).split('\r\n')[1]).toMatch(/^7;"Rex; der Große";;1;/);
    }
    i18n.choose('en');
    expect(listCsv(rows, []).split('\r\n')[1]).toMatch(/^7,"Rex; der Große",,1,/);
  });

  it('from a service that lists at most 100 a status, says first, as the list does, that some animals may be missing: in each language, the table after an empty line', () => {
    const rows = listRows([{ id: '7', name: 'Rex', categoryId: '1', status: 'sold' }], []);
    const capped: CatalogueMeta = {
      environmentId: 'demo',
      petsRevision: 1,
      count: 205,
      completeness: 'service_lists_capped',
      syncedAt: 0,
      state: 'offline',
    };
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      i18n.choose(language);
      const caveat = incompleteNote(capped);
      expect(caveat).toMatch(/100/);
      const parsed = Papa.parse<string[]>(listCsv(rows, [], caveat).slice(1), {
        delimiter: language === 'en' ? ',' : ';',
      });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data.slice(0, 4)).toEqual([
        [caveat],
        [''],
        expect.arrayContaining([expect.any(String)]),
        ['7', 'Rex', '', '1', expect.any(String), ''],
      ]);
      expect(parsed.data[2]).toHaveLength(6);
    }
    // A complete shop's file starts with its headings, as before.
    i18n.choose('en');
    expect(listCsv(rows, [], incompleteNote({ ...capped, completeness: 'complete' })).split('\r\n')[0]).toBe(
      '\uFEFFId,Name,Category,Category id,Status,Note',
    );
  });
});
