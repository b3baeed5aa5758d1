import type { SavedPet } from '../../../shared';
import type { Handlers, HandlerContext } from './context';

/** The animals of the environment's saved lists, for the search box: each once, from its newest list. */
export function savedHandlers({ settings, cache }: HandlerContext): Pick<Handlers, 'getSavedPets'> {
  return {
    getSavedPets: () => {
      const environmentId = settings.current.selected;
      const byId = new Map<string, SavedPet>();
      for (const entry of cache.forEnvironment(environmentId)) {
        for (const pet of entry.pets) if (!byId.has(pet.id)) byId.set(pet.id, { pet, fetchedAt: entry.fetchedAt });
      }
      return { environmentId, pets: [...byId.values()] };
    },
  };
}
