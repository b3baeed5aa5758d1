// zod/mini, as every schema the renderer bundles (docs/decisions.md, "The renderer's size"); views.ts re-exports these.
import { z } from 'zod/mini';
import type { FieldProblem } from './field-problem';
import { foldName, nothingTyped } from './fold';
import { CategoryId } from './pet';

/**
 * A clerk's name for a category id. The service knows categories only by id
 * (its document shows no category record), so labels are kept on this
 * computer, per environment. Ids here are whole numbers from 1.
 */
export const CategoryLabel = z.object({
  id: CategoryId,
  label: z.string().check(
    z.trim(),
    z.minLength(1, 'label_missing' satisfies FieldProblem),
    z.maxLength(60, 'label_too_long' satisfies FieldProblem),
    z.refine((label) => !nothingTyped(label), 'label_missing' satisfies FieldProblem),
  ),
});
export type CategoryLabel = z.infer<typeof CategoryLabel>;

/** The category of `labels` that already bears `label` under another id ("Cats", "cats" and "Cäts" are one name). */
export const sameLabel = (labels: readonly CategoryLabel[], category: CategoryLabel): CategoryLabel | undefined =>
  labels.find((known) => known.id !== category.id && foldName(known.label) === foldName(category.label));
