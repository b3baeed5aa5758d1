import { describe, expect, it } from 'vitest';
import type { RowPet } from '../renderer/src/lib/list-rows';
import { sortRows } from '../renderer/src/lib/sort';

const row = (id: string, name: string): { pet: RowPet } => ({ pet: { id, name, categoryId: '1' } });
const names = (rows: readonly { pet: RowPet }[]) => rows.map((r) => r.pet.name);

describe('a Spanish counter sorts its animals by name', () => {
  it('puts “Ñandú” after every name in N, as a Spanish reader (and the collator in Spanish) does', () => {
    const shop = [row('1', 'Ñandú'), row('2', 'Nube'), row('3', 'Oso'), row('4', 'Nilo')];
    const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
    const expected = names(shop).sort(spanish.compare);
    expect(expected).toEqual(['Nilo', 'Nube', 'Ñandú', 'Oso']);
    // The app's language is Spanish; the name column sorts ascending.
    expect(names(sortRows(shop, { key: 'name', direction: 'ascending' }))).toEqual(expected);
  });
});
