import { AppFailure, appError, type EnvironmentId, type SettingsView } from '../../../shared';
import type { ApiKeys } from '../api-keys';
import type { Settings } from '../settings';
import type { Handlers, HandlerContext } from './context';

const originOf = (baseUrl: string) => new URL(baseUrl).origin;

/** "Has a key" means a key entered for the environment's current address: one for another origin is never used. */
export const settingsView = (settings: Settings, keys: ApiKeys, demo: HandlerContext['demo']): SettingsView => ({
  environments: settings.views((id) => keys.get(id, originOf(settings.baseUrl(id))) !== undefined),
  selected: settings.current.selected,
  policy: settings.policyView(),
  preferences: settings.preferences,
  demoKeyKnown: demoKeyFits(settings, demo) && !settings.policyView().demoHidden,
});

/** The demo service's key is put back only while Demo points at that service: it goes nowhere else. */
const demoKeyFits = (settings: Settings, demo: HandlerContext['demo']) =>
  demo.apiKey !== undefined && demo.origin === originOf(settings.baseUrl('demo'));

/** IT locked Settings' administration part: addresses and keys are theirs on this computer. */
function refuseWhenLocked(settings: Settings, field: 'baseUrl' | 'apiKey'): void {
  if (!settings.policyView().administrationLocked) return;
  throw new AppFailure(appError('invalid_input', 'managed_administration', { fields: { [field]: 'managed' } }));
}

type SettingsHandlers = Pick<
  Handlers,
  | 'getSettings'
  | 'selectEnvironment'
  | 'setBaseUrl'
  | 'setApiKey'
  | 'clearApiKey'
  | 'restoreDemoKey'
  | 'setPreferences'
  | 'testConnection'
>;

export function settingsHandlers({
  settings,
  keys,
  outbox,
  calls,
  snapshots,
  confirmKeyOrigin,
  demo,
}: HandlerContext): SettingsHandlers {
  // A key is entered for the address it was tested at: one saved meanwhile (a typo, another shop's) never gets it.
  const storeKey = async (environmentId: EnvironmentId, apiKey: string, baseUrl = settings.baseUrl(environmentId)) => {
    refuseWhenLocked(settings, 'apiKey');
    await keys.set(environmentId, apiKey, originOf(baseUrl));
    outbox.keyChanged(environmentId);
    return snapshots.settings();
  };
  return {
    getSettings: () => snapshots.settingsView(),
    selectEnvironment: ({ environmentId }) => {
      settings.select(environmentId);
      return snapshots.settings();
    },
    setBaseUrl: async ({ environmentId, baseUrl }) => {
      refuseWhenLocked(settings, 'baseUrl');
      settings.setBaseUrl(environmentId, baseUrl);
      // A key goes only where it was entered for: a new origin takes the clerk's word (the shell's dialog) or the key again.
      const origin = originOf(settings.baseUrl(environmentId));
      const bound = keys.boundTo(environmentId);
      if (bound !== undefined && bound !== origin && (await confirmKeyOrigin?.(environmentId, bound, origin))) {
        await keys.bind(environmentId, origin);
      }
      // Animals that could not be sent to the old address (nor with its key) may go to the new one.
      outbox.keyChanged(environmentId);
      return snapshots.settings();
    },
    setApiKey: ({ environmentId, apiKey, baseUrl }) => storeKey(environmentId, apiKey, baseUrl),
    clearApiKey: async ({ environmentId }) => {
      refuseWhenLocked(settings, 'apiKey');
      await keys.clear(environmentId);
      return snapshots.settings();
    },
    restoreDemoKey: () => {
      if (!demoKeyFits(settings, demo) || demo.apiKey === undefined) {
        throw new AppFailure(appError('no_api_key', 'no_demo_key'));
      }
      return storeKey('demo', demo.apiKey);
    },
    setPreferences: ({ preferences }) => {
      settings.setPreferences(preferences);
      return snapshots.settings();
    },
    testConnection: async ({ environmentId }) => {
      const started = performance.now();
      const baseUrl = settings.baseUrl(environmentId);
      await calls.call(environmentId, (client) => client.listPets({ limit: 1 }));
      return { environmentId, baseUrl, latencyMs: Math.round(performance.now() - started) };
    },
  };
}
