import type { Catalogues } from '../catalogue/catalogues';
import type { Freshness } from '../catalogue/freshness';
import type { Handlers, HandlerContext } from './context';

/** The catalogue of the environment in use: its rows, a sync on Refresh, and the window's focus. */
export function catalogueHandlers(
  context: HandlerContext,
  catalogues: Catalogues,
  freshness: Freshness,
): Pick<Handlers, 'getCatalogue' | 'refreshCatalogue' | 'appFocused'> {
  const { settings, snapshots } = context;
  return {
    getCatalogue: async () => snapshots.stamp(await catalogues.view(settings.current.selected)),
    refreshCatalogue: async () => {
      void freshness.syncNow();
      return snapshots.stamp(await catalogues.meta(settings.current.selected));
    },
    appFocused: ({ focused }) => {
      freshness.setFocused(focused);
      return null;
    },
  };
}
