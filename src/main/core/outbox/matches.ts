/** The clerk's check: the service's rows with a needs-check animal's name and category, across every page, newest first. */
import { LIMIT_MAX, PET_STATUSES, type Pet } from '../../../shared';
import type { ServiceCalls } from '../service-calls';
import type { OutboxRecord } from './machine';

export type FindMatches = (item: OutboxRecord) => Promise<Pet[]>;

export function serviceMatches(calls: ServiceCalls): FindMatches {
  return async (item) => {
    const rows = await calls.call(item.environmentId, async (client) => {
      let page = await client.listPage({ limit: LIMIT_MAX });
      const all = [...page.pets];
      // A service that links no next page still lists each status on its own.
      if (page.next === undefined && page.pets.length === LIMIT_MAX) {
        for (const status of PET_STATUSES) all.push(...(await client.listPets({ limit: LIMIT_MAX, status })));
      }
      while (page.next !== undefined) {
        page = await client.listMore(page.next);
        all.push(...page.pets);
      }
      return all;
    });
    const matches = new Map<string, Pet>();
    for (const pet of rows) {
      if (pet.name === item.pet.name && pet.categoryId === item.pet.categoryId) matches.set(pet.id, pet);
    }
    return [...matches.values()].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  };
}
