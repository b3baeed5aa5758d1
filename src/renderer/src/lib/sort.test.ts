import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/locales';
import type { RowPet } from './list-rows';
import { rowMatcher } from './search';
import { nextSortOrder, sortRows } from './sort';

const pet = (id: string | undefined, name: string, categoryId: string, status?: RowPet['status']): { pet: RowPet } => ({
  pet: { ...(id !== undefined && { id }), name, categoryId, ...(status && { status }) },
});
const big = pet('9007199254740993', 'Émile', '10', 'sold');
const bigMinusOne = pet('9007199254740992', 'zebra', '9', 'available');
const small = pet('2', 'Anna', '10', 'pending');
const notSent = pet(undefined, 'Bubbles', '1', 'available');
const names = (rows: readonly { pet: RowPet }[]) => rows.map((row) => row.pet.name);

describe('sorting the rows', () => {
  it('sorts ids as exact numbers, beyond 2^53, negative too, and unlike text', () => {
    const ids = (rows: readonly { pet: RowPet }[]) => rows.map((row) => row.pet.id);
    expect(ids(sortRows([big, small, bigMinusOne], { key: 'id', direction: 'ascending' }))).toEqual([
      '2',
      '9007199254740992',
      '9007199254740993',
    ]);
    expect(ids(sortRows([small, bigMinusOne, big], { key: 'id', direction: 'descending' }))[0]).toBe(
      '9007199254740993',
    );
  });

  it('puts an animal not sent yet after every id: the service will give it the newest', () => {
    expect(names(sortRows([notSent, big, small], { key: 'id', direction: 'ascending' }))).toEqual([
      'Anna',
      'Émile',
      'Bubbles',
    ]);
    expect(names(sortRows([notSent, big], { key: 'name', direction: 'ascending' }))).toEqual(['Bubbles', 'Émile']);
  });

  it('sorts names as each of the app’s languages reads them (accents and case aside, numbers as numbers), categories and statuses', () => {
    const demo = ['🐢 Speedy', 'Ørjan', 'Oscar', 'Pip', 'Ёжик', 'نمر', '小白', 'モモ', 'Straße', 'Strasse', 'Ænne'];
    // Letters the collator reads plainly (ł as l), and ones it keeps apart (þ after z, ı after i).
    demo.push('Łatka', 'Lava', 'Þór', 'Thor', 'Zorro', 'Kılıç', 'Kim', 'Kilo');
    // Letters a language may read its own way: ñ (composed, and as n with a combining tilde), umlauts, å, œ, ligatures.
    demo.push('Ñandú', 'Nube', 'nz', 'NIÑO', 'niño', 'Nino', 'N\u0303ora', 'Nórdico', 'Peña 10', 'Peña 2', 'Pena 3');
    demo.push('Müller', 'Mueller', 'Muz', 'Öl', 'Oz', 'Åse', 'Azur', 'Œuvre', 'Oeuvre', 'ﬁne', 'Fz', 'Çava', 'Cz');
    const animals = ['zebra', 'Émile', 'Anna', 'Rex 10', 'Rex 2', 'rex 007', 'Éva', 'eve', 'Bubbles', ...demo].map(
      (name, index) => pet(String(index + 1), name, '1'),
    );
    for (const language of LANGUAGES) {
      const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
      const all = names(sortRows(animals, { key: 'name', direction: 'ascending' }, [], language));
      expect(all, language).toEqual([...all].sort((a, b) => collator.compare(a, b)));
      const sorted = all.filter((name) => !demo.includes(name));
      expect(sorted).toEqual(['Anna', 'Bubbles', 'Émile', 'Éva', 'eve', 'Rex 2', 'rex 007', 'Rex 10', 'zebra']);
    }
    const categories = sortRows([big, bigMinusOne, small], { key: 'category', direction: 'ascending' });
    expect(categories.map((row) => row.pet.categoryId)).toEqual(['9', '10', '10']);
    const statuses = sortRows([big, small, bigMinusOne], { key: 'status', direction: 'ascending' });
    expect(statuses.map((row) => row.pet.status)).toEqual(['available', 'pending', 'sold']);
  });

  it('on a Spanish counter puts “Ñandú” after every name in N, as a Spanish reader does; elsewhere Ñ reads as N', () => {
    const ñandú = pet('1', 'Ñandú', '1');
    const shop = [ñandú, pet('2', 'Nube', '1'), pet('3', 'Oso', '2'), pet('4', 'Nilo', '2')];
    const byName = { key: 'name', direction: 'ascending' } as const;
    expect(names(sortRows(shop, byName, [], 'es'))).toEqual(['Nilo', 'Nube', 'Ñandú', 'Oso']);
    expect(names(sortRows(shop, byName, [], 'en'))).toEqual(['Ñandú', 'Nilo', 'Nube', 'Oso']);
    // Category names too; and the search box still finds “Ñandú” by “nandu”, whatever the language.
    const labels = [
      { id: '1', label: 'Ñandúes' },
      { id: '2', label: 'Nutrias' },
    ];
    const byCategory = { key: 'category', direction: 'ascending' } as const;
    expect(names(sortRows(shop, byCategory, labels, 'es'))).toEqual(['Oso', 'Nilo', 'Ñandú', 'Nube']);
    expect(names(sortRows(shop, byCategory, labels, 'fr'))).toEqual(['Ñandú', 'Nube', 'Oso', 'Nilo']);
    expect(rowMatcher('nandu')?.({ key: '1', ...ñandú })).toBe(true);
  });

  it('sorts the category column by the names the clerk reads, accents and case aside, unnamed ids after by number', () => {
    const names = [
      { id: '1', label: 'Dogs' },
      { id: '2', label: 'cats' },
      { id: '3', label: 'Älgar' },
    ];
    const rows = [
      pet('1', 'Rex', '1'),
      pet('2', 'Tom', '10'),
      pet('3', 'Kit', '2'),
      pet('4', 'Mo', '3'),
      pet('5', 'Q', '9'),
    ];
    const order = sortRows(rows, { key: 'category', direction: 'ascending' }, names);
    expect(order.map((row) => row.pet.categoryId)).toEqual(['3', '2', '1', '9', '10']);
  });

  it('keeps the catalogue’s order until a column is chosen, and a third click returns to it', () => {
    const rows = [big, small];
    expect(sortRows(rows, null)).toBe(rows);
    const first = nextSortOrder(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSortOrder(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSortOrder(second, 'name')).toBeNull();
    expect(nextSortOrder(second, 'id')).toEqual({ key: 'id', direction: 'ascending' });
  });
});
