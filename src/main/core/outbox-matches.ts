import type { Pet } from '../../shared';
import type { OutboxRecord } from './outbox-record';
import type { ServiceCalls } from './service-calls';

/** Rows of a fresh list (the largest page) with the animal's name and category, for the clerk's check. */
export async function findMatches(calls: ServiceCalls, item: OutboxRecord): Promise<Pet[]> {
  const pets = await calls.call(item.environmentId, (client) => client.listPets({ limit: 100 }));
  return pets.filter((pet) => pet.name === item.pet.name && pet.categoryId === item.pet.categoryId);
}
