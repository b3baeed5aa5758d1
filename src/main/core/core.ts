import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  AppFailure,
  appError,
  err,
  invalidInput,
  ipcContract,
  ok,
  type AppError,
  type AppNotice,
  type ConnectivityState,
  type EnvironmentId,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethod,
  type IpcOutput,
  type IpcParsedInput,
  type ListQuery,
  type PetList,
  type Result,
  type SettingsView,
  type Unsubscribe,
} from '../../shared';
import { ApiKeys, DEFAULT_KEYCHAIN_SERVICE, type SecretStore } from './api-keys';
import { Connectivity } from './connectivity';
import { deprecationNotice, parseHeaderDate, type LookupSignals } from './deprecation-policy';
import { openConfStore, openDocument, type OpenJsonStore } from './json-store';
import { emptyCache, ListCache, readCache, type CacheEntry } from './list-cache';
import { readListInput } from './list-input';
import { redactingLogger, redactText, type Logger } from './logger';
import { Outbox } from './outbox';
import { PetstoreClient } from './petstore-client';
import { ServiceFailure } from './service-errors';
import { BUILT_IN_ENVIRONMENTS, defaultSettings, EnvironmentDefaults, readSettings, Settings } from './settings';

export interface CoreOptions {
  /** Folder for settings.json, cache.json, outbox.json (and backups). */
  dataDir: string;
  /** Electron's net.fetch in the app, Node's fetch elsewhere. */
  fetch: typeof globalThis.fetch;
  secrets: SecretStore;
  logger: Logger;
  appVersion: string;
  /** Default: conf-based (Node); the Electron shell passes electron-store. */
  openJsonStore?: OpenJsonStore;
  /** Default 'Petstore Counter'; tests pass a unique one. */
  keychainService?: string;
  /** Injected clock (epoch ms). */
  now?: () => number;
  /** Default 10 000. */
  requestTimeoutMs?: number;
  /** Read from resources/environments.json by the caller. */
  environmentDefaults?: Partial<Record<EnvironmentId, { baseUrl: string }>>;
}

export interface Core {
  /** Parses rawInput with ipcContract[method].input; never throws; returns a typed Result. */
  invoke<M extends IpcMethod>(method: M, rawInput: unknown): Promise<Result<IpcOutput<M>>>;
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): Unsubscribe;
  /** The platform's online/offline signal (Electron's net.isOnline / 'online' events; the preview leaves it true). */
  setPlatformOnline(online: boolean): void;
  /** Stops timers, finishes an in-flight outbox send, flushes stores. */
  close(): Promise<void>;
}

type Handlers = { [M in IpcMethod]: (input: IpcParsedInput<M>) => Promise<IpcOutput<M>> | IpcOutput<M> };
type Listener = (payload: never) => void;

/** Channels the renderer calls on every list, read without their schema when the input is plainly valid. */
const HOT_INPUTS: { [M in IpcMethod]?: (raw: unknown) => IpcParsedInput<M> | undefined } = {
  listPets: readListInput,
  getCachedPets: readListInput,
};

/** When the service cannot answer a list, the cached copy is shown instead of an error. */
const SERVE_FROM_CACHE = new Set<AppError['kind']>(['unreachable', 'timeout', 'server_error', 'rate_limited']);

const offline = () =>
  new ServiceFailure(
    appError('unreachable', 'This computer is offline. The app keeps working with what it has saved.'),
    'not_reached',
  );

export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? Date.now;
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true });

  const listeners = new Map<IpcEventName, Set<Listener>>();
  const emit = <E extends IpcEventName>(event: E, payload: IpcEventPayload<E>) => {
    for (const listener of listeners.get(event) ?? []) (listener as (value: IpcEventPayload<E>) => void)(payload);
  };
  const notices: AppNotice[] = [];
  const notify = (notice: AppNotice) => {
    notices.push(notice);
    emit('onNotice', notice);
  };

  const keys = new ApiKeys(options.secrets, options.keychainService ?? DEFAULT_KEYCHAIN_SERVICE);
  const logger = redactingLogger(options.logger, () => keys.known());
  const open = options.openJsonStore ?? openConfStore;

  const environments = EnvironmentDefaults.parse({ ...BUILT_IN_ENVIRONMENTS, ...options.environmentDefaults });
  const defaults = defaultSettings(environments);
  const settings = new Settings(
    openDocument({
      open,
      dataDir,
      name: 'settings',
      label: 'settings file',
      read: (raw) => readSettings(raw, defaults),
      defaults: () => defaults,
      now,
      notify,
    }),
  );
  const cache = new ListCache(
    openDocument({
      open,
      dataDir,
      name: 'cache',
      label: 'file of saved lists',
      read: readCache,
      defaults: emptyCache,
      now,
      notify,
    }),
  );
  if (!(await keys.load())) {
    notify({
      id: 'keychain-unreadable',
      level: 'warning',
      message:
        'The system keychain could not be read, so no API key is available. Unlock it, or enter the key again in Settings.',
    });
  }

  const connectivity = new Connectivity();
  const lookupSignals = new Map<EnvironmentId, LookupSignals>();
  const rateLimitedUntil = new Map<EnvironmentId, number>();
  let lastConnectivity: ConnectivityState | undefined;

  // One client per environment, made again when its address or key changes.
  const clients = new Map<EnvironmentId, { baseUrl: string; apiKey: string; client: PetstoreClient }>();
  const clientFor = (environmentId: EnvironmentId): PetstoreClient => {
    const apiKey = keys.get(environmentId);
    if (!apiKey) {
      throw new AppFailure(
        appError('no_api_key', 'There is no API key for this environment yet. Enter one in Settings.'),
      );
    }
    const baseUrl = settings.baseUrl(environmentId);
    const known = clients.get(environmentId);
    if (known?.baseUrl === baseUrl && known.apiKey === apiKey) return known.client;
    const client = new PetstoreClient({
      fetch: options.fetch,
      baseUrl,
      apiKey,
      appVersion: options.appVersion,
      timeoutMs: options.requestTimeoutMs,
      now,
    });
    clients.set(environmentId, { baseUrl, apiKey, client });
    return client;
  };

  /** A request the app must not send now: offline, or the service asked it to wait (Retry-After). */
  const refusal = (environmentId: EnvironmentId): ServiceFailure | undefined => {
    if (!connectivity.platform) return offline();
    const until = rateLimitedUntil.get(environmentId) ?? 0;
    if (now() >= until) return undefined;
    const wait = Math.ceil((until - now()) / 1000);
    return new ServiceFailure(
      appError(
        'rate_limited',
        `The service asked the app to wait. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        {
          retryAfterSeconds: wait,
        },
      ),
      'not_reached',
    );
  };

  const answered = <T>(value: T): T => {
    // An answer changes the state only when the app was offline; the outbox reports its own changes.
    if (connectivity.reportAnswered()) backOnline();
    return value;
  };

  const failed = (environmentId: EnvironmentId, error: unknown): never => {
    if (error instanceof ServiceFailure) {
      const { retryAfterSeconds } = error.appError;
      if (error.appError.kind === 'rate_limited' && retryAfterSeconds !== undefined) {
        rateLimitedUntil.set(environmentId, now() + retryAfterSeconds * 1000);
      }
      if (error.appError.status !== undefined) {
        if (connectivity.reportAnswered()) backOnline();
      } else {
        connectivity.reportFailure(error.appError);
      }
      emitConnectivity();
    }
    throw error;
  };

  /**
   * Every service call goes through here, so real outcomes drive the online state. A promise
   * chain rather than an async function: each async layer costs the list a few µs in place.
   */
  const call = <T>(environmentId: EnvironmentId, work: () => Promise<T>): Promise<T> => {
    const refused = refusal(environmentId);
    if (refused) return Promise.reject(refused);
    let sent: Promise<T>;
    try {
      sent = work();
    } catch (error) {
      return Promise.reject(error);
    }
    return sent.then(answered, (error: unknown) => failed(environmentId, error));
  };

  const outbox = new Outbox({
    filePath: join(dataDir, 'outbox.json'),
    now,
    logger,
    notify,
    onChange: () => {
      emit('onOutbox', outbox.snapshot());
      emitConnectivity();
    },
    send: (item) => call(item.environmentId, () => clientFor(item.environmentId).createPet(item.pet)),
    canSend: (environmentId) => connectivity.platform && keys.has(environmentId),
  });

  function connectivityState(): ConnectivityState {
    return { online: connectivity.online, pending: outbox.pending, sending: outbox.sending };
  }

  function emitConnectivity(): void {
    const state = connectivityState();
    // Runs after every service call: compared field by field, not serialised.
    const last = lastConnectivity;
    if (last && last.online === state.online && last.pending === state.pending && last.sending === state.sending)
      return;
    lastConnectivity = { ...state };
    emit('onConnectivity', state);
  }

  function backOnline(): void {
    logger.info('connectivity: the service is reachable again');
    emitConnectivity();
    outbox.resume();
  }

  const settingsView = (): SettingsView => ({
    environments: settings.views((id) => keys.has(id)),
    selected: settings.current.selected,
    lastQuery: settings.current.lastQuery,
  });
  const settingsChanged = (): SettingsView => {
    const view = settingsView();
    emit('onSettings', view);
    return view;
  };

  const fromCache = (entry: CacheEntry, offlineReason?: AppError): PetList => ({
    environmentId: entry.environmentId,
    query: entry.query,
    pets: entry.pets,
    source: 'cache',
    fetchedAt: entry.fetchedAt,
    ageMs: Math.max(0, now() - entry.fetchedAt),
    ...(offlineReason ? { offlineReason } : {}),
  });

  const listPets = async (query: ListQuery): Promise<PetList> => {
    const environmentId = settings.current.selected;
    if (settings.setLastQuery(query)) settingsChanged();
    try {
      const pets = await call(environmentId, () => clientFor(environmentId).listPets(query));
      const fetchedAt = now();
      cache.put(environmentId, query, pets, fetchedAt);
      return { environmentId, query, pets, source: 'network', fetchedAt, ageMs: 0 };
    } catch (error) {
      const cached = cache.get(environmentId, query);
      if (error instanceof ServiceFailure && SERVE_FROM_CACHE.has(error.appError.kind) && cached) {
        logger.info(`list: ${error.appError.kind}; answering from the cache`);
        return fromCache(cached, error.appError);
      }
      throw error;
    }
  };

  const signalsOf = (environmentId: EnvironmentId): LookupSignals => lookupSignals.get(environmentId) ?? {};

  const lookupInCache = (environmentId: EnvironmentId, id: string) => {
    for (const entry of cache.forEnvironment(environmentId)) {
      const pet = entry.pets.find((candidate) => candidate.id === id);
      if (pet) return { pet, fetchedAt: entry.fetchedAt };
    }
    throw new AppFailure(
      appError(
        'not_found',
        `No animal with id ${id} is in the lists saved on this computer. Open the list with a status filter to find it.`,
      ),
    );
  };

  const handlers: Handlers = {
    getStatus: () => ({ version: options.appVersion, connectivity: connectivityState(), notices: [...notices] }),
    getSettings: () => settingsView(),
    selectEnvironment: ({ environmentId }) => {
      settings.select(environmentId);
      return settingsChanged();
    },
    setBaseUrl: ({ environmentId, baseUrl }) => {
      settings.setBaseUrl(environmentId, baseUrl);
      return settingsChanged();
    },
    setApiKey: async ({ environmentId, apiKey }) => {
      await keys.set(environmentId, apiKey);
      outbox.wake();
      return settingsChanged();
    },
    clearApiKey: async ({ environmentId }) => {
      await keys.clear(environmentId);
      return settingsChanged();
    },
    testConnection: async ({ environmentId }) => {
      const started = performance.now();
      await call(environmentId, () => clientFor(environmentId).listPets({ limit: 1 }));
      return { environmentId, latencyMs: Math.round(performance.now() - started) };
    },
    getCachedPets: ({ query }) => {
      const entry = cache.get(settings.current.selected, query);
      return entry ? fromCache(entry) : null;
    },
    listPets: ({ query }) => listPets(query),
    createPet: async ({ pet }) => {
      const environmentId = settings.current.selected;
      const client = clientFor(environmentId);
      try {
        return { outcome: 'created', pet: await call(environmentId, () => client.createPet(pet)) };
      } catch (error) {
        // Only a request that provably never left is safe to queue and send later.
        if (!(error instanceof ServiceFailure) || error.reach !== 'not_reached') throw error;
        const item = outbox.enqueue(environmentId, pet);
        logger.info(`create: service unreachable; queued as ${item.id}`);
        return { outcome: 'queued', item };
      }
    },
    lookupPet: async ({ id }) => {
      const environmentId = settings.current.selected;
      let notice = deprecationNotice(now(), signalsOf(environmentId));
      logger.info(`lookup: deprecated GET /pets/{petId} used (environment ${environmentId}, mode ${notice.mode})`);
      if (notice.mode === 'service') {
        try {
          const answer = await call(environmentId, () => clientFor(environmentId).getPet(id));
          const sunsetMs = parseHeaderDate(answer.sunset);
          if (answer.deprecation !== null || answer.sunset !== null) {
            logger.info(
              `lookup: service sent Deprecation "${answer.deprecation ?? ''}" Sunset "${answer.sunset ?? ''}"`,
            );
          }
          if (sunsetMs !== undefined) lookupSignals.set(environmentId, { ...signalsOf(environmentId), sunsetMs });
          notice = deprecationNotice(now(), signalsOf(environmentId));
          return { pet: answer.pet, source: 'service', notice };
        } catch (error) {
          if (!(error instanceof ServiceFailure) || error.appError.kind !== 'gone') throw error;
          lookupSignals.set(environmentId, { ...signalsOf(environmentId), gone: true });
          notice = deprecationNotice(now(), signalsOf(environmentId));
        }
      }
      const found = lookupInCache(environmentId, id);
      return { pet: found.pet, source: 'cache', notice, fetchedAt: found.fetchedAt };
    },
    getDeprecationNotice: () => deprecationNotice(now(), signalsOf(settings.current.selected)),
    getOutbox: () => outbox.snapshot(),
    retryOutboxItem: ({ id }) => outbox.retry(id),
    discardOutboxItem: ({ id }) => outbox.discard(id),
  };

  /** An error as the renderer may see it: no credential, whatever the service put in its message. */
  const presentable = (error: AppError): AppError => ({ ...error, message: redactText(error.message, keys.known()) });

  outbox.wake();

  return {
    async invoke<M extends IpcMethod>(method: M, rawInput: unknown): Promise<Result<IpcOutput<M>>> {
      // The method name may come straight off a transport: only the contract's own keys are requests.
      if (!Object.hasOwn(ipcContract, method)) return err(appError('invalid_input', 'Unknown request'));
      let input: unknown = HOT_INPUTS[method]?.(rawInput);
      if (input === undefined) {
        const parsed = ipcContract[method].input.safeParse(rawInput);
        if (!parsed.success) return err(invalidInput(parsed.error));
        input = parsed.data;
      }
      const handler = handlers[method] as (input: unknown) => Promise<IpcOutput<M>> | IpcOutput<M>;
      try {
        return ok(await handler(input));
      } catch (error) {
        if (error instanceof AppFailure) {
          logger.warn(`${method}: ${error.appError.kind}: ${error.appError.message}`);
          return err(presentable(error.appError));
        }
        logger.error(`${method}: unexpected failure`, error);
        return err(appError('internal', 'Something went wrong inside the app. The details are in the log.'));
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
    setPlatformOnline(online) {
      logger.info(`connectivity: platform reports ${online ? 'online' : 'offline'}`);
      if (connectivity.setPlatform(online)) backOnline();
      else emitConnectivity();
    },
    async close() {
      await outbox.close();
      cache.flush();
      listeners.clear();
    },
  };
}
