import type { AppError } from '../../../shared/app-error';
import type { EnvironmentId } from '../../../shared/environments';
import type { IpcEventName, IpcEventPayload, PetstoreApi } from '../../../shared/ipc-contract';
import type { Pet } from '../../../shared/pet';
import type { Result } from '../../../shared/result';
import type { CategoryLabel, OutboxSnapshot, SettingsView } from '../../../shared/views';

type Unrevised<T> = Omit<T, 'revision'>;

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
/** Methods these tests never call answer as main does to an unknown request. */
const refused = <T>(): Promise<Result<T>> =>
  Promise.resolve({ ok: false, error: { kind: 'invalid_input', reason: 'unknown_request' } });

/**
 * A working stand-in for main behind `window.petstore`, for the state tests: a
 * real object of the bridge's type holding a little shop, not a mock library.
 * Like main, it stamps every reply and event with a growing revision.
 * `emit` plays main pushing an event; `refuseListWith` makes the service refuse; `setPets` changes the shop.
 */
export function bridgeForTests(shop: {
  settings: SettingsView;
  pets: Record<string, Pet[]>;
  categories?: Record<string, CategoryLabel[]>;
}) {
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  let outbox: OutboxSnapshot = { items: [] };
  let listRefusal: AppError | null = null;
  let listCalls = 0;
  let categoryCalls = 0;
  let revision = 0;
  const stamp = <T extends object>(content: T): T & { revision: number } => ({ ...content, revision: ++revision });
  const subscribe =
    <E extends IpcEventName>(name: E) =>
    (listener: (payload: IpcEventPayload<E>) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    };

  // The catalogue's rows change when a test changes the shop (`setPets`); a refusal is the last sync's problem.
  let petsRevision = 1;
  const catalogueMeta = () => ({
    environmentId: shop.settings.selected,
    petsRevision,
    count: (shop.pets[shop.settings.selected] ?? []).length,
    completeness: 'complete' as const,
    syncedAt: 0,
    ...(listRefusal ? { state: 'error' as const, problem: listRefusal } : { state: 'fresh' as const }),
  });

  const baseUrlOf = (id: EnvironmentId) => shop.settings.environments.find((one) => one.id === id)?.baseUrl ?? '';
  const api: PetstoreApi = {
    setLanguage: () => ok(null),
    getStatus: () => {
      const connectivity = stamp({
        sending: 0,
        waiting: 0,
        toCheck: 0,
        service: { health: 'online' as const },
      });
      return ok({ version: 'test', connectivity, notices: [], revision: connectivity.revision });
    },
    getSettings: () => ok(stamp(shop.settings)),
    selectEnvironment: ({ environmentId }) => {
      shop.settings = { ...shop.settings, selected: environmentId };
      return ok(stamp(shop.settings));
    },
    setBaseUrl: () => ok(stamp(shop.settings)),
    setApiKey: () => ok(stamp(shop.settings)),
    clearApiKey: () => ok(stamp(shop.settings)),
    restoreDemoKey: () => ok(stamp(shop.settings)),
    setPreferences: ({ preferences }) => ok(stamp((shop.settings = { ...shop.settings, preferences }))),
    testConnection: ({ environmentId }) => ok({ environmentId, baseUrl: baseUrlOf(environmentId), latencyMs: 1 }),
    testApiKey: ({ environmentId }) => ok({ environmentId, baseUrl: baseUrlOf(environmentId), latencyMs: 1 }),
    saveExport: () => ok({ outcome: 'download' }),
    getCategories: () => {
      categoryCalls += 1;
      return ok({ environmentId: shop.settings.selected, categories: shop.categories?.[shop.settings.selected] ?? [] });
    },
    setCategoryLabel: ({ category }) => ok({ environmentId: shop.settings.selected, categories: [category] }),
    removeCategoryLabel: () => ok({ environmentId: shop.settings.selected, categories: [] }),
    createPet: () => refused(),
    lookupPet: () => refused(),
    getDeprecationNotice: () => refused(),
    appFocused: () => ok(null),
    getCatalogue: () => ok(stamp({ ...catalogueMeta(), pets: shop.pets[shop.settings.selected] ?? [] })),
    refreshCatalogue: () => {
      listCalls += 1;
      return ok(stamp(catalogueMeta()));
    },
    getOutbox: () => ok(stamp(outbox)),
    retryOutboxItem: () => ok(stamp(outbox)),
    discardOutboxItem: () => ok(stamp(outbox)),
    editOutboxItem: () => ok(stamp(outbox)),
    confirmOutboxItem: () => ok(stamp(outbox)),
    onConnectivity: subscribe('onConnectivity'),
    onOutbox: subscribe('onOutbox'),
    onSettings: subscribe('onSettings'),
    onNotice: subscribe('onNotice'),
    onCatalogue: subscribe('onCatalogue'),
  };

  return {
    api,
    emit<E extends IpcEventName>(name: E, content: Unrevised<IpcEventPayload<E>>): void {
      const payload = stamp(content) as IpcEventPayload<E>;
      if (name === 'onOutbox') outbox = { items: (payload as IpcEventPayload<'onOutbox'>).items };
      for (const listener of listeners.get(name) ?? []) (listener as (value: IpcEventPayload<E>) => void)(payload);
    },
    /** A snapshot as main stamps it now, to hand over later as a late reply. */
    stamp,
    refuseListWith(error: AppError | null): void {
      listRefusal = error;
    },
    /** The service's animals of an environment changed, and main synced them: the catalogue's news follows. */
    setPets(environmentId: string, pets: Pet[]): void {
      shop.pets[environmentId] = pets;
      petsRevision += 1;
      const payload = stamp(catalogueMeta());
      for (const listener of listeners.get('onCatalogue') ?? []) (listener as (value: typeof payload) => void)(payload);
    },
    get listCalls(): number {
      return listCalls;
    },
    get categoryCalls(): number {
      return categoryCalls;
    },
  };
}
