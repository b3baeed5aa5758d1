import { Int64String } from '../../../shared/int64';
import type { Pet } from '../../../shared/pet';
import type { SavedPet } from '../../../shared/views';

/** A row on screen: an animal, and when it comes from a saved list rather than the list shown, that list's time. */
export interface FoundRow {
  pet: Pet;
  savedAt?: number;
}

/** Case and accents folded away ("Zoë" → "zoe"), so a clerk can type a name the way it sounds. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

// Each name is folded once, not on every keystroke: the saved lists hold thousands of animals.
const foldedNames = new WeakMap<Pet, string>();

function foldedName(pet: Pet): string {
  let folded = foldedNames.get(pet);
  if (folded === undefined) {
    folded = foldForSearch(pet.name);
    foldedNames.set(pet, folded);
  }
  return folded;
}

function matcher(text: string): ((pet: Pet) => boolean) | null {
  const needle = foldForSearch(text);
  if (needle === '') return null;
  // Digits are an id (compared exactly, as text) or part of a name such as "Rex 2".
  const id = Int64String.safeParse(text.trim());
  return (pet) => (id.success && pet.id === id.data) || foldedName(pet).includes(needle);
}

/**
 * The one search box: with no text, the rows shown; with text, the rows shown
 * and the animals in the environment's saved lists whose id is the text or
 * whose name contains it — each animal once, rows shown first.
 */
export function searchRows(shown: readonly Pet[], saved: readonly SavedPet[], text: string): FoundRow[] {
  const matches = matcher(text);
  if (!matches) return shown.map((pet) => ({ pet }));
  const found = shown.filter(matches).map((pet): FoundRow => ({ pet }));
  const seen = new Set(shown.map((pet) => pet.id));
  for (const { pet, fetchedAt } of saved) {
    if (seen.has(pet.id) || !matches(pet)) continue;
    seen.add(pet.id);
    found.push({ pet, savedAt: fetchedAt });
  }
  return found;
}
