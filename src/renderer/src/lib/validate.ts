import type { z } from 'zod/mini';
import { CategoryLabel, sameLabel } from '../../../shared/categories';
import { fieldErrors, firstProblem } from '../../../shared/field-problem';
import { nothingTyped, typedId } from '../../../shared/fold';
import { BaseUrl } from '../../../shared/environments';
import { INT64_MAX, Int64String } from '../../../shared/int64';
import { NewPet, PET_NAME_MAX, PET_STATUSES } from '../../../shared/pet';
import { fieldText } from '../i18n/describe';
import { t, type Wording } from '../i18n/i18n.svelte';

/** A form's answer: the parsed value, or one message per field that is wrong. */
export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

export interface NewPetForm {
  name: string;
  categoryId: string;
  /** '' means the service's default. */
  status: string;
}

/** The status choices of the add form and the outbox's Edit: the service's default, then each status in words. */
export const statusOptions = (): { value: string; label: string }[] => [
  { value: '', label: t('add.statusServiceDecides') },
  ...PET_STATUSES.map((option) => ({ value: option, label: t(`badge.${option}`) })),
];

/** The add form through the shared NewPet schema, so the form and the core refuse the same things. */
export function checkNewPet(form: NewPetForm): Checked<NewPet> {
  const categoryId = typedId(form.categoryId);
  // NewPet holds the one rule for names and category ids (src/shared/pet.ts), so the form, core and service agree.
  const parsed = NewPet.safeParse({
    name: form.name.trim(),
    categoryId,
    ...(form.status === '' ? {} : { status: form.status }),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = fieldErrors(parsed.error);
  // The schema's own words are English: each field the form shows is said again from the catalogue.
  if (fields.name) fields.name = nameProblem(form.name);
  if (categoryId === '') fields.categoryId = t('validate.categoryMissing');
  else if (!/^\d+$/.test(categoryId)) fields.categoryId = t('validate.categoryNotNumber');
  else if (fields.categoryId) fields.categoryId = categoryIdProblem(categoryId);
  return { ok: false, fields };
}

/** A name the schema refused, worded: nothing typed, half of an emoji, or too long. */
const nameProblem = (name: string): string =>
  nothingTyped(name)
    ? t('validate.nameRequired')
    : name.isWellFormed()
      ? t('validate.nameTooLong', { max: String(PET_NAME_MAX) })
      : t('validate.nameBroken');

/** A category id the schema refused, worded: digits past int64's top are too large, not too many. */
const categoryIdProblem = (id: string): string =>
  t(/^\d+$/.test(id) && BigInt(id) > INT64_MAX ? 'validate.categoryTooLarge' : 'validate.categoryRange');

function firstMessage<T>(
  schema: z.ZodMiniType<T>,
  input: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Not valid' };
}

/** An id typed, scanned or pasted, read as `typedId` reads it, as the app holds it. */
export function checkPetId(text: string) {
  const trimmed = typedId(text);
  if (trimmed === '') return { ok: false as const, message: t('validate.idMissing') };
  const checked = firstMessage(Int64String, trimmed);
  if (checked.ok) return checked;
  // Digits with spaces between ("12 345") are refused in words: a grouped number or two ids typed in a row, the app
  // cannot tell which.
  const problem = /^-?\d+$/.test(trimmed)
    ? 'validate.idTooLarge'
    : /^-?[\d\s]+$/.test(trimmed)
      ? 'validate.idSpaces'
      : 'validate.notANumber';
  return { ok: false as const, message: t(problem) };
}

/** The address field: the shared schema's problem code, worded. */
export function checkBaseUrl(text: string) {
  const checked = firstMessage(BaseUrl, text);
  return checked.ok ? checked : { ok: false as const, message: fieldText(firstProblem(checked.message)) };
}

/** A category's id and name as Settings sends them: the shared schema's problem codes and the core's rule, worded. */
export function checkCategoryLabel(
  category: { id: string; label: string },
  known: readonly CategoryLabel[] = [],
): Wording | null {
  const parsed = CategoryLabel.safeParse(category);
  if (parsed.success) return sameLabel(known, parsed.data) ? () => fieldText('label_taken') : null;
  const fields = fieldErrors(parsed.error);
  // The id first: a name is no use on an id that is not one.
  return () => (fields.id ? categoryIdProblem(category.id) : fieldText(fields.label ?? 'invalid'));
}
