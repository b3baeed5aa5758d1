import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { listRows } from './list-rows';
import { visibleRows } from './search';

const rex: Pet = { id: '12', name: 'Rex', categoryId: '2', status: 'available' };
const zoe: Pet = { id: '9007199254740993', name: 'Zoë', categoryId: '4', status: 'sold' };
const rex12: Pet = { id: '3', name: 'Rex 12', categoryId: '1', status: 'pending' };
const neighbour: Pet = { id: '9007199254740992', name: 'Zoé the second', categoryId: '4', status: 'sold' };
const shop = listRows([rex, zoe, rex12, neighbour], []);
const found = (status: Parameters<typeof visibleRows>[1], text: string, keep: readonly string[] = []) =>
  visibleRows(shop, status, text, keep).map((row) => row.pet.name);

describe('the search box over the whole shop', () => {
  it('finds an id typed on a Japanese or an Arabic keyboard, exactly, past 2^53', () => {
    expect(found('all', '١٢')).toEqual(['Rex']);
    expect(found('all', '９００７１９９２５４７４０９９３')).toEqual(['Zoë']);
    expect(found('all', '٩٠٠٧١٩٩٢٥٤٧٤٠٩٩٢')).toEqual(['Zoé the second']);
  });

  it('finds any part of a name whatever its case and accents', () => {
    expect(found('all', '  ZOË ')).toEqual(['Zoë', 'Zoé the second']);
    expect(found('all', 'zoe')).toEqual(['Zoë', 'Zoé the second']);
    expect(found('all', 'ÉCOND')).toEqual(['Zoé the second']);
  });

  it('finds a name typed the way it sounds, with the letters the name sort already reads plainly', () => {
    const nordic: Pet[] = [
      { id: '1', name: 'Søren', categoryId: '1', status: 'available' },
      { id: '2', name: 'Straße', categoryId: '1', status: 'available' },
      { id: '3', name: 'Łatka', categoryId: '1', status: 'available' },
      { id: '4', name: 'Ærø', categoryId: '1', status: 'available' },
      { id: '5', name: 'Soren', categoryId: '1', status: 'available' },
      // The demo shop's own animal 10.
      { id: '10', name: 'Ørjan', categoryId: '1', status: 'sold' },
    ];
    const rows = listRows(nordic, []);
    const typed = (text: string) => visibleRows(rows, 'all', text, []).map((row) => row.pet.name);
    expect(typed('soren')).toEqual(['Søren', 'Soren']);
    expect(typed('strasse')).toEqual(['Straße']);
    expect(typed('latka')).toEqual(['Łatka']);
    expect(typed('aero')).toEqual(['Ærø']);
    expect(typed('orjan')).toEqual(['Ørjan']);
    // The letter typed itself is the plain letter: "ø" finds every o, "ß" an ss.
    expect(typed('ø')).toEqual(['Søren', 'Ærø', 'Soren', 'Ørjan']);
    expect(typed('ß')).toEqual(['Straße']);
  });

  it('finds a name saved with two spaces by the name the grid shows, with one', () => {
    const rows = listRows([{ id: '7', name: 'Mr  Whiskers', categoryId: '2', status: 'available' }, rex], []);
    const typed = (text: string) => visibleRows(rows, 'all', text, []).map((row) => row.pet.name);
    expect(typed('Mr Whiskers')).toEqual(['Mr  Whiskers']);
    expect(typed('mr whisk')).toEqual(['Mr  Whiskers']);
    // Two spaces typed find it too.
    expect(typed('mr  whiskers')).toEqual(['Mr  Whiskers']);
  });

  it('finds a name saved with a curly apostrophe or a dash by the straight ones a keyboard types', () => {
    const rows = listRows(
      [
        { id: '7', name: 'O\u2019Malley', categoryId: '2', status: 'available' },
        { id: '8', name: 'Jean\u2013Luc', categoryId: '2', status: 'available' },
        rex,
      ],
      [],
    );
    const typed = (text: string) => visibleRows(rows, 'all', text, []).map((row) => row.pet.name);
    expect(typed("o'malley")).toEqual(['O\u2019Malley']);
    expect(typed('jean-luc')).toEqual(['Jean\u2013Luc']);
  });

  it('finds an id exactly, beyond 2^53 too, never a neighbour a JS number would confuse it with', () => {
    expect(found('all', '9007199254740993')).toEqual(['Zoë']);
    expect(found('all', ' 9007199254740992 ')).toEqual(['Zoé the second']);
    // Digits are also part of a name.
    expect(found('all', '12')).toEqual(['Rex', 'Rex 12']);
    expect(found('all', '4')).toEqual([]);
    // Zeros a barcode label pads the id with are not part of it.
    expect(found('all', '0012')).toEqual(['Rex']);
  });

  it('finds an id pasted from a chat, a web page or a spreadsheet with an invisible mark around it', () => {
    // A zero-width space, the left-to-right marks Windows and chat apps put around numbers, a byte-order mark.
    for (const pasted of ['12\u200b', '\u200e12\u200e', '\ufeff12']) {
      expect(found('all', pasted), JSON.stringify(pasted)).toEqual(['Rex', 'Rex 12']);
    }
    expect(found('all', ' \u2066 0012\u2069')).toEqual(['Rex']);
    expect(found('all', '9007199254740993\u200b')).toEqual(['Zoë']);
    expect(found('all', 'zo\u00ade')).toEqual(['Zoë', 'Zoé the second']);
  });

  it('never takes an animal not sent yet (no id) for the one searched for', () => {
    const notSent = { key: 'queued-1', pet: { name: 'Bubbles', categoryId: '3' } };
    const rows = [...shop, notSent];
    expect(visibleRows(rows, 'all', 'rex', []).map((row) => row.pet.name)).toEqual(['Rex', 'Rex 12']);
    expect(visibleRows(rows, 'all', '12', []).map((row) => row.pet.name)).toEqual(['Rex', 'Rex 12']);
    expect(visibleRows(rows, 'all', 'bubb', []).map((row) => row.pet.name)).toEqual(['Bubbles']);
  });

  it('narrows by status, with or without a search', () => {
    expect(found('sold', '')).toEqual(['Zoë', 'Zoé the second']);
    expect(found('sold', 'second')).toEqual(['Zoé the second']);
    expect(found('available', 'zoe')).toEqual([]);
  });

  it('keeps an animal just added in view while a search would hide it, its status filter still applies', () => {
    const keep = [rex.id];
    expect(found('all', 'zoe', keep)).toEqual(['Rex', 'Zoë', 'Zoé the second']);
    expect(found('sold', 'zoe', keep)).toEqual(['Zoë', 'Zoé the second']);
  });

  it('gives the rows as they are when nothing narrows them', () => {
    expect(visibleRows(shop, 'all', '  ', [])).toBe(shop);
  });
});
