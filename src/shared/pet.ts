import { z } from 'zod/mini';
import type { FieldProblem } from './field-problem';
import { nothingTyped } from './fold';
import { Int64String, WireInt64, int64ToWire } from './int64';

export const PetStatus = z.enum(['available', 'pending', 'sold']);
export type PetStatus = z.infer<typeof PetStatus>;
export const PET_STATUSES = PetStatus.options;

/**
 * The spec sets no bound on a name; the reference service, the core and the
 * form all use this one, counted by `nameLength`, so a name the form accepts
 * is never refused for its length.
 */
export const PET_NAME_MAX = 200;

/**
 * A name's length as the form's counter, the core and the reference service
 * count it: Unicode code points (see docs/decisions.md, "bound on name"). 🐱
 * is 1, a flag 2, e + U+0301 2, a letter with 10,000 combining marks 10,001.
 */
export function nameLength(name: string): number {
  let count = 0;
  for (const _ of name) count += 1;
  return count;
}

export const PetName = z.string({ error: 'Name is required' }).check(
  z.refine((name) => !nothingTyped(name), 'Name is required'),
  // Half of an emoji's pair (a paste cut mid-character) is no text a service can keep: it would come back as "�".
  z.refine((name) => name.isWellFormed(), 'Name has a broken character'),
  z.refine((name) => nameLength(name) <= PET_NAME_MAX, `Name must be at most ${PET_NAME_MAX} characters`),
);

/**
 * A category id, one rule for the form, the core and the reference service:
 * a whole number from 1 to int64's top (the service document gives no
 * category record; 0 and negatives are refused everywhere).
 */
export const CATEGORY_ID_MIN = 1n;
const isCategoryId = (id: string): boolean => BigInt(id) >= CATEGORY_ID_MIN;
export const CategoryId = Int64String.check(z.refine(isCategoryId, 'category_id_range' satisfies FieldProblem));

/** An animal to add, as the app holds it (ids as decimal strings). */
export const NewPet = z.strictObject({
  name: PetName,
  categoryId: CategoryId,
  status: z.optional(PetStatus),
});
export type NewPet = z.infer<typeof NewPet>;

/** An animal returned by the service, as the app holds it. */
export const Pet = z.object({
  id: Int64String,
  name: z.string(),
  categoryId: Int64String,
  status: z.optional(PetStatus),
});
export type Pet = z.infer<typeof Pet>;

export const Pets = z.array(Pet);
export type Pets = z.infer<typeof Pets>;

/**
 * NewPet as the service receives it, after `parseJson`: unknown fields are
 * refused so a typo never silently drops data.
 */
export const WireNewPet = z.strictObject({
  name: PetName,
  categoryId: WireInt64.check(z.refine(isCategoryId, 'Must be at least 1')),
  status: z.optional(PetStatus),
});

/**
 * Pet as a client reads it from the service, after `parseJson`. Extra fields
 * are dropped rather than refused, and a status this app does not know is read
 * as none (the animal listed without one), so a newer service does not break us.
 */
export const WirePet = z.object({
  id: WireInt64,
  name: z.string(),
  categoryId: WireInt64,
  status: z.catch(z.optional(PetStatus), undefined),
});
export const WirePets = z.array(WirePet);

/** A NewPet ready for `stringifyJson`: exact integers on the wire. */
export function newPetToWire(pet: NewPet): Omit<NewPet, 'categoryId'> & { categoryId: bigint } {
  return { ...pet, categoryId: int64ToWire(pet.categoryId) };
}
