import { z } from 'zod';
import { Int64String, WireInt64, int64ToWire } from './int64';

export const PetStatus = z.enum(['available', 'pending', 'sold']);
export type PetStatus = z.infer<typeof PetStatus>;
export const PET_STATUSES = PetStatus.options;

/**
 * The spec sets no bound on a name; the reference service and the form both
 * use this one, so a name the form accepts is never refused for its length.
 */
export const PET_NAME_MAX = 200;

export const PetName = z
  .string({ error: 'Name is required' })
  .refine((name) => name.trim().length > 0, 'Name is required')
  .refine((name) => name.length <= PET_NAME_MAX, `Name must be at most ${PET_NAME_MAX} characters`);

/** An animal to add, as the app holds it (ids as decimal strings). */
export const NewPet = z.strictObject({
  name: PetName,
  categoryId: Int64String,
  status: PetStatus.optional(),
});
export type NewPet = z.infer<typeof NewPet>;

/** An animal returned by the service, as the app holds it. */
export const Pet = z.object({
  id: Int64String,
  name: z.string(),
  categoryId: Int64String,
  status: PetStatus.optional(),
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
  categoryId: WireInt64,
  status: PetStatus.optional(),
});

/**
 * Pet as a client reads it from the service, after `parseJson`. Extra fields
 * are dropped rather than refused, so a newer service does not break us.
 */
export const WirePet = z.object({
  id: WireInt64,
  name: z.string(),
  categoryId: WireInt64,
  status: PetStatus.optional(),
});
export const WirePets = z.array(WirePet);

/** A NewPet ready for `stringifyJson`: exact integers on the wire. */
export function newPetToWire(pet: NewPet): Omit<NewPet, 'categoryId'> & { categoryId: bigint } {
  return { ...pet, categoryId: int64ToWire(pet.categoryId) };
}
