import type { z } from 'zod';
import { isPetStatus, parseJson, WirePets, type Pet } from '../../shared';

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
  if (!isPetStatus(status)) return undefined;
  return { id: String(id), name, categoryId: String(categoryId), status };
}

/** The pets of a list when every one is plain; undefined as soon as one is not. */
function plainPets(value: unknown): Pet[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const pets: Pet[] = [];
  for (const item of value) {
    const pet = plainPet(item);
    if (!pet) return undefined;
    pets.push(pet);
  }
  return pets;
}

/**
 * A list straight from the service's JSON text, exactly as the lossless parser
 * and the shared WirePets schema would read it (results and errors alike). The
 * list is the hot path: JSON.parse first, and when every pet is plain its ids
 * are safe integers, so nothing that reaches the result can have been rounded,
 * and neither the lossless pass nor zod over every pet is needed. Anything else
 * (an id beyond 2^53, a bad value) is parsed again losslessly and checked by the
 * schema. Throws a SyntaxError when the text is not JSON.
 */
export function readWirePetsText(text: string): z.ZodSafeParseResult<Pet[]> {
  const pets = plainPets(JSON.parse(text));
  return pets ? { success: true, data: pets } : WirePets.safeParse(parseJson(text));
}
