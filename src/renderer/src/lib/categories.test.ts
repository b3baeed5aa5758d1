import { describe, expect, it } from 'vitest';
import { checkNewPet } from './validate';
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

  it('read a pick or a name pasted from a chat, an invisible mark after it, as its id', () => {
    expect(resolveCategory('Cats (2)\u200b', categories)).toBe('2');
    expect(resolveCategory('\u200eAxolotls\u200e', categories)).toBe('9007199254740993');
  });

  it('take the name exactly as typed before one that only folds alike (a hyphen and a dash kept apart)', () => {
    const rocks = [
      { id: '5', label: 'Rock-hopper' },
      { id: '7', label: 'Rock–hopper' },
    ];
    expect(resolveCategory('Rock–hopper', rocks)).toBe('7');
    expect(resolveCategory('Rock-hopper', rocks)).toBe('5');
    expect(resolveCategory('rock—hopper', rocks)).toBe('5');
  });

  it('leave an empty field empty, even beside a name made only of an invisible mark (set before it was refused)', () => {
    const invisible = [{ id: '9', label: '\u200B' }];
    expect(resolveCategory('', invisible)).toBe('');
    expect(checkNewPet({ name: 'Rex', categoryId: resolveCategory('', invisible), status: '' }).ok).toBe(false);
  });
});
