import type { z } from 'zod';
import { PET_STATUSES, WirePets, type Pet, type PetStatus } from '../../shared';

const STATUSES: ReadonlySet<unknown> = new Set(PET_STATUSES);
const isStatus = (value: unknown): value is PetStatus => STATUSES.has(value);

/**
 * One pet as nearly every list holds it: ids as safe integers, a string name,
 * a known status or none. The shared schema accepts all of these and turns
 * them into exactly what this returns; the property test in wire-pets.test.ts
 * holds the two together.
 */
function plainPet(value: unknown): Pet | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name, categoryId, status } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(categoryId) || typeof name !== 'string') return undefined;
  if (status === undefined) return { id: String(id), name, categoryId: String(categoryId) };
  if (!isStatus(status)) return undefined;
  return { id: String(id), name, categoryId: String(categoryId), status };
}

/**
 * A service list checked against the shared WirePets schema. The list is the
 * hot path, and running zod over every pet costs about a tenth of the whole
 * request, so plain pets are checked directly; anything else (a bigint id, a
 * bad value) goes through the shared schema, so results and errors are
 * exactly the shared schema's.
 */
export function readWirePets(value: unknown): z.ZodSafeParseResult<Pet[]> {
  if (!Array.isArray(value)) return WirePets.safeParse(value);
  const pets: Pet[] = [];
  for (const item of value) {
    const pet = plainPet(item);
    if (!pet) return WirePets.safeParse(value);
    pets.push(pet);
  }
  return { success: true, data: pets };
}
