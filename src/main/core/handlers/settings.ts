import type { SettingsView } from '../../../shared';
import type { ApiKeys } from '../api-keys';
import type { Settings } from '../settings';
import type { Handlers, HandlerContext } from './context';

export const settingsView = (settings: Settings, keys: ApiKeys): SettingsView => ({
  environments: settings.views((id) => keys.has(id)),
  selected: settings.current.selected,
  lastQuery: settings.current.lastQuery,
});

type SettingsHandlers = Pick<
  Handlers,
  'getSettings' | 'selectEnvironment' | 'setBaseUrl' | 'setApiKey' | 'clearApiKey' | 'testConnection'
>;

export function settingsHandlers({ settings, keys, outbox, calls, snapshots }: HandlerContext): SettingsHandlers {
  return {
    getSettings: () => snapshots.settingsView(),
    selectEnvironment: ({ environmentId }) => {
      settings.select(environmentId);
      return snapshots.settings();
    },
    setBaseUrl: ({ environmentId, baseUrl }) => {
      settings.setBaseUrl(environmentId, baseUrl);
      return snapshots.settings();
    },
    setApiKey: async ({ environmentId, apiKey }) => {
      await keys.set(environmentId, apiKey);
      outbox.wake();
      return snapshots.settings();
    },
    clearApiKey: async ({ environmentId }) => {
      await keys.clear(environmentId);
      return snapshots.settings();
    },
    testConnection: async ({ environmentId }) => {
      const started = performance.now();
      await calls.call(environmentId, (client) => client.listPets({ limit: 1 }));
      return { environmentId, latencyMs: Math.round(performance.now() - started) };
    },
  };
}
