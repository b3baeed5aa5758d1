import type { PetStatus } from '../shared';
import type { PetToStore } from './store';

/** Category ids the demo data uses; the spec leaves categories open, so these are only labels in this file. */
const DOGS = 1n;
const CATS = 2n;
const BIRDS = 3n;
const FISH = 4n;
const REPTILES = 5n;
const SMALL_MAMMALS = 6n;

const DEMO: [name: string, categoryId: bigint, status: PetStatus][] = [
  ['Biscuit', DOGS, 'available'],
  ['Mochi', CATS, 'available'],
  ['Pepper', DOGS, 'pending'],
  ['Kiwi', BIRDS, 'available'],
  ['Nemo', FISH, 'sold'],
  ['Shelly', REPTILES, 'available'],
  ['Hazel', SMALL_MAMMALS, 'available'],
  ['Zoë', CATS, 'pending'],
  ['Señor Bigotes', CATS, 'available'],
  ['Ørjan', DOGS, 'sold'],
  ['Ёжик', SMALL_MAMMALS, 'available'],
  ['小白', DOGS, 'available'],
  ['モモ', CATS, 'sold'],
  ['نمر', CATS, 'available'],
  ['Čupavko', DOGS, 'pending'],
  ['🐢 Speedy', REPTILES, 'available'],
  ['Sir Reginald Fluffington-Whiskerworth the Third of Upper Puddleby-on-the-Marsh', CATS, 'available'],
  [
    'Princess Buttercup Marigold Sunshine Daisy Petal Honeysuckle Rosebud Sweetpea Lavender Bluebell ' +
      'Primrose Magnolia Camellia Gardenia Jasmine Wisteria Azalea Begonia Clementine the Magnificent',
    DOGS,
    'pending',
  ],
  ['Rex', DOGS, 'available'],
  ['Luna', CATS, 'available'],
  ['Tweety', BIRDS, 'sold'],
  ['Goldie', FISH, 'available'],
  ['Bubbles', FISH, 'pending'],
  ['Iggy', REPTILES, 'sold'],
  ['Nibbles', SMALL_MAMMALS, 'pending'],
  ['Max', DOGS, 'sold'],
  ['Cleo', CATS, 'available'],
  ['Polly', BIRDS, 'available'],
  ['Finn', FISH, 'available'],
  ['Spike', REPTILES, 'pending'],
  ['Pip', SMALL_MAMMALS, 'sold'],
  ['Bella', DOGS, 'available'],
  ['Oscar', CATS, 'sold'],
  ['Sunny', BIRDS, 'pending'],
  ['Dory', FISH, 'sold'],
  ['Noodle', REPTILES, 'available'],
  ['Clover', SMALL_MAMMALS, 'available'],
  ['Rocky', DOGS, 'pending'],
  ['Misty', CATS, 'available'],
  ['Sky', BIRDS, 'available'],
];

/** About forty varied animals: every status, six categories, long and non-ASCII names. */
export function demoPets(): PetToStore[] {
  return DEMO.map(([name, categoryId, status]) => ({ name, categoryId, status }));
}

/**
 * A large shop made up on the spot (the bench's 10,000 and 100,000 animals): the demo's names
 * numbered, its categories and statuses in turn. Added in one transaction, it takes seconds, not minutes.
 */
export function generatedPets(count: number): PetToStore[] {
  return Array.from({ length: count }, (_, index) => {
    const [name, categoryId, status] = DEMO[index % DEMO.length] ?? ['Rex', DOGS, 'available'];
    return { name: `${name} ${String(index + 1)}`, categoryId, status };
  });
}
