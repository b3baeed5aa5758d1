import { foldName, typedId, typedText } from '../../../shared/fold';
import { Int64String } from '../../../shared/int64';
import type { ListRow, RowPet } from './list-rows';
import type { StatusChoice } from './status-choices';

// Names are folded once per animal object: a new catalogue revision brings new objects, a keystroke none.
const folded = new WeakMap<object, string>();

export function foldedName(pet: RowPet): string {
  let name = folded.get(pet);
  if (name === undefined) {
    name = foldName(pet.name);
    folded.set(pet, name);
  }
  return name;
}

/**
 * The search box’s test: digits are an id (read as `typedId` reads one: of any script, leading zeros and pasted
 * invisible marks dropped; compared exactly, as text — an int64 never becomes a JS number) or part of a name such as
 * "Rex 2"; other text is any part of the name, folded as `foldName` does (case, accents, runs of spaces and curly
 * apostrophes ignored, ø as o). Null for no text.
 */
export function rowMatcher(text: string): ((row: ListRow) => boolean) | null {
  const trimmed = typedText(text);
  // Folded only when there is text: every list draw asks with none, and a fresh page's first fold loads ICU's tables.
  const needle = trimmed && foldName(trimmed);
  if (!needle) return null;
  // No id for other text: a row not sent yet has none either, and must not match it.
  const id = Int64String.safeParse(typedId(trimmed)).data ?? null;
  return (row) => row.pet.id === id || foldedName(row.pet).includes(needle);
}

/**
 * The rows the clerk sees: of the chosen status, matching the search; rows
 * in `keep` (just added here) are shown whatever the search says.
 */
export function visibleRows(
  rows: readonly ListRow[],
  status: StatusChoice,
  text: string,
  keep: readonly string[],
): readonly ListRow[] {
  const matches = rowMatcher(text);
  if (status === 'all' && !matches) return rows;
  const kept = new Set(keep);
  return rows.filter(
    (row) => (status === 'all' || row.pet.status === status) && (!matches || matches(row) || kept.has(row.key)),
  );
}
