import type { AppError } from '../../../shared/app-error';
import type { IpcEventName, IpcEventPayload, PetstoreApi } from '../../../shared/ipc-contract';
import type { Pet } from '../../../shared/pet';
import type { Result } from '../../../shared/result';
import type { OutboxSnapshot, SettingsView } from '../../../shared/views';

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
const refused = <T>(message: string): Promise<Result<T>> =>
  Promise.resolve({ ok: false, error: { kind: 'internal', message } });

/**
 * A working stand-in for main behind `window.petstore`, for the state tests: a
 * real object of the bridge's type holding a little shop, not a mock library.
 * `emit` plays main pushing an event; `refuseListWith` makes the service refuse.
 */
export function bridgeForTests(shop: { settings: SettingsView; pets: Record<string, Pet[]> }) {
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  let outbox: OutboxSnapshot = { items: [] };
  let listRefusal: AppError | null = null;
  let listCalls = 0;
  const subscribe =
    <E extends IpcEventName>(name: E) =>
    (listener: (payload: IpcEventPayload<E>) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    };

  const api: PetstoreApi = {
    getStatus: () => ok({ version: 'test', connectivity: { online: true, pending: 0, sending: false }, notices: [] }),
    getSettings: () => ok(shop.settings),
    selectEnvironment: ({ environmentId }) => {
      shop.settings = { ...shop.settings, selected: environmentId };
      return ok(shop.settings);
    },
    setBaseUrl: () => ok(shop.settings),
    setApiKey: () => ok(shop.settings),
    clearApiKey: () => ok(shop.settings),
    testConnection: ({ environmentId }) => ok({ environmentId, latencyMs: 1 }),
    getCachedPets: () => ok(null),
    listPets: ({ query }) => {
      listCalls += 1;
      if (listRefusal) return Promise.resolve({ ok: false, error: listRefusal });
      const environmentId = shop.settings.selected;
      const all = shop.pets[environmentId] ?? [];
      const pets = all.filter((pet) => !query.status || pet.status === query.status).slice(0, query.limit ?? 20);
      return ok({
        environmentId,
        query: { limit: query.limit ?? 20, ...query },
        pets,
        source: 'network',
        fetchedAt: 0,
        ageMs: 0,
      });
    },
    createPet: () => refused('not in these tests'),
    lookupPet: () => refused('not in these tests'),
    getDeprecationNotice: () => refused('not in these tests'),
    getOutbox: () => ok(outbox),
    retryOutboxItem: () => ok(outbox),
    discardOutboxItem: () => ok(outbox),
    editOutboxItem: () => ok(outbox),
    confirmOutboxItem: () => ok(outbox),
    onConnectivity: subscribe('onConnectivity'),
    onOutbox: subscribe('onOutbox'),
    onSettings: subscribe('onSettings'),
    onNotice: subscribe('onNotice'),
  };

  return {
    api,
    emit<E extends IpcEventName>(name: E, payload: IpcEventPayload<E>): void {
      if (name === 'onOutbox') outbox = payload as OutboxSnapshot;
      for (const listener of listeners.get(name) ?? []) (listener as (value: IpcEventPayload<E>) => void)(payload);
    },
    refuseListWith(error: AppError | null): void {
      listRefusal = error;
    },
    get listCalls(): number {
      return listCalls;
    },
  };
}
