import { z } from 'zod';
import { WirePet, WirePets, type Pet } from '../../shared';

/**
 * The shared WirePet with ids as plain safe integers: what nearly every list
 * holds. Checking a number is much cheaper than the shared int64 union and
 * its transforms, and the list is the hot path. Anything this refuses
 * (a bigint id, a bad value) goes through the shared schema, so results and
 * errors are exactly the shared schema's.
 */
const SafeIdPets = z.array(WirePet.extend({ id: z.int(), categoryId: z.int() }));

export function readWirePets(value: unknown): z.ZodSafeParseResult<Pet[]> {
  const quick = SafeIdPets.safeParse(value);
  if (!quick.success) return WirePets.safeParse(value);
  return {
    success: true,
    data: quick.data.map((pet) => ({ ...pet, id: String(pet.id), categoryId: String(pet.categoryId) })),
  };
}
