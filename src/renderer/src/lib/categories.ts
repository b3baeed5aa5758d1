import type { CategoryLabel } from '../../../shared/views';
import { foldName, typedText } from '../../../shared/fold';

/** How a category reads on screen: its name with its id, or the id alone when it has no name here. */
export function categoryText(id: string, categories: readonly CategoryLabel[]): string {
  const known = categories.find((category) => category.id === id);
  return known ? `${known.label} (${id})` : id;
}

/**
 * What the clerk typed in the category field, as an id: digits are an id
 * as they are; "Cats (2)" (picked from the suggestions) or a name ("cats") is
 * its id, the name as typed before one that folds alike ("Rock–hopper" is not
 * "Rock-hopper" where both exist); anything else, and an empty field, is left
 * for the form to refuse. A paste's invisible marks are dropped first.
 */
export function resolveCategory(text: string, categories: readonly CategoryLabel[]): string {
  const typed = typedText(text);
  if (/^\d+$/.test(typed)) return typed;
  const picked = /\((\d+)\)$/.exec(typed);
  if (picked?.[1] && categories.some((category) => category.id === picked[1])) return picked[1];
  const folded = foldName(typed);
  const byName =
    categories.find((category) => category.label === typed) ??
    (folded ? categories.find((category) => foldName(category.label) === folded) : undefined);
  return byName ? byName.id : typed;
}
