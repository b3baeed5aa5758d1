// zod/mini, as every schema the renderer bundles (docs/decisions.md, "The renderer's size"); app-error.ts re-exports these.
import { z } from 'zod/mini';

/**
 * Why one form field is refused. Shared schemas whose problems a person sees
 * (addresses, keys, category names) carry these as their issue messages;
 * anything else is `invalid`.
 */
export const FieldProblem = z.enum([
  'invalid',
  'managed',
  'address_missing',
  'address_not_web',
  'address_scheme',
  'address_plain_http',
  'address_credentials',
  'address_query',
  'address_version',
  'key_missing',
  'key_too_long',
  'key_characters',
  'category_id_range',
  'label_missing',
  'label_too_long',
  'label_taken',
]);
export type FieldProblem = z.infer<typeof FieldProblem>;

/** Field problems from a zod error, the first per top-level field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, FieldProblem> {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= firstProblem(issue.message);
  }
  return fields;
}

/** A schema's issue message as a field problem: its own code where it has one, else `invalid`. */
export function firstProblem(message: string | undefined): FieldProblem {
  const known = FieldProblem.safeParse(message);
  return known.success ? known.data : 'invalid';
}
