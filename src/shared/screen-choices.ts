// The languages a choice can name and a list's sort order. zod/mini, as every schema the renderer bundles
// (docs/decisions.md, "The renderer's size"); views.ts re-exports these.
import { z } from 'zod/mini';

/** The languages a policy file may fix for the app. */
export const PolicyLanguage = z.enum(['en', 'de', 'fr', 'es']);
export type PolicyLanguage = z.infer<typeof PolicyLanguage>;

/** The first of the system's languages (most preferred first) the app speaks ("de-AT" is German), else English. */
export function matchLanguage(preferred: readonly string[]): PolicyLanguage {
  for (const tag of preferred) {
    const found = PolicyLanguage.safeParse(tag.toLowerCase().split(/[-_]/)[0]);
    if (found.success) return found.data;
  }
  return 'en';
}

/** A list's sort order, as the clerk chose it by a column header. */
export const SortOrder = z.object({
  key: z.enum(['id', 'name', 'category', 'status']),
  direction: z.enum(['ascending', 'descending']),
});
export type SortOrder = z.infer<typeof SortOrder>;
