import { describe, expect, it } from 'vitest';
import { categoryText, resolveCategory } from './categories';

const categories = [
  { id: '2', label: 'Cats' },
  { id: '9007199254740993', label: 'Axolotls' },
];

describe('category names', () => {
  it('show with their id, and an unnamed id alone', () => {
    expect(categoryText('2', categories)).toBe('Cats (2)');
    expect(categoryText('7', categories)).toBe('7');
  });

  it('turn what the clerk typed or picked into the id', () => {
    expect(resolveCategory('Cats (2)', categories)).toBe('2');
    expect(resolveCategory(' cats ', categories)).toBe('2');
    expect(resolveCategory('Axolotls (9007199254740993)', categories)).toBe('9007199254740993');
    expect(resolveCategory('41', categories)).toBe('41');
    expect(resolveCategory('Unicorns', categories)).toBe('Unicorns');
  });
});
