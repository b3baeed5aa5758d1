import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AppNotice,
  EnvironmentId,
  IpcEventName,
  IpcEventPayload,
  IpcMethod,
  IpcOutput,
  PolicyLanguage,
  Result,
  StoredFile,
  Unsubscribe,
} from '../../shared';
import { ApiKeys, DEFAULT_KEYCHAIN_SERVICE, type SecretStore } from './api-keys';
import { Catalogues } from './catalogue/catalogues';
import { DEFAULT_FRESHNESS, Freshness, type FreshnessTimings } from './catalogue/freshness';
import type { LookupSignals } from './deprecation-policy';
import { dispatch } from './dispatch';
import { EventBus } from './events';
import type { ConfirmKeyOrigin, HandlerContext, Handlers } from './handlers/context';
import { lookupHandlers } from './handlers/lookup';
import { exportHandlers, type SaveFile } from './handlers/export';
import { categoryHandlers } from './handlers/categories';
import { catalogueHandlers } from './handlers/catalogue';
import { Categories, defaultCategories, readCategories } from './categories';
import { outboxHandlers } from './handlers/outbox';
import { petHandlers } from './handlers/pets';
import { keyTestHandlers } from './handlers/key-test';
import { settingsHandlers, settingsView } from './handlers/settings';
import { openConfStore, openDocument, type OpenJsonStore, type ReadOutcome } from './json-store';
import { redactingLogger, type Logger } from './logger';
import { redactParams } from './redaction';
import { OutboxFile } from './outbox/file';
import { Outbox } from './outbox/outbox';
import { sentAddress } from './outbox/machine';
import type { PetSchema } from './petstore-client';
import { ManagedPolicy } from './policy';
import type { PolicyRead } from './policy-read';
import { ServiceCalls } from './service-calls';
import { BUILT_IN_ENVIRONMENTS, defaultSettings, EnvironmentDefaults, readSettings, Settings } from './settings';
import { Snapshots } from './snapshots';

type Reader<T> = (raw: Record<string, unknown>) => ReadOutcome<T>;

/** How long the header's one-row check waits for an answer; a healthy service gives one row in milliseconds. */
const CHECK_TIMEOUT_MS = 4_000;
/** A slow service silent this long while the header's check waits is unreachable: 10 s, less a second for the screen. */
const HEADER_SILENCE_MS = 9_000;

export interface CoreOptions {
  /** Folder for settings.json, outbox.jsonl, the catalogues (and backups). */
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
  /** How long the header's check waits for a service that answered quickly so far; default 4 000 (tests shorten it). */
  checkTimeoutMs?: number;
  /** Read from resources/environments.json by the caller. */
  environmentDefaults?: Partial<Record<EnvironmentId, { baseUrl: string }>>;
  /** How pets are read off the wire. Default: the shared WirePet. */
  petSchema?: PetSchema;
  /**
   * Asks the clerk, outside the page, whether an environment's key may follow
   * its changed address to another origin (the shell: a main-process dialog).
   * Without it the key must be entered again.
   */
  confirmKeyOrigin?: ConfirmKeyOrigin;
  /** Asks where to save an export and writes it (the shell: a save dialog); without it the page downloads the file. */
  saveFile?: SaveFile;
  /** Told the language the page speaks, so the shell's own dialogs and menu speak it too; the preview has none. */
  onLanguage?: (language: PolicyLanguage) => void;
  /** The machine's policy as the caller read it (`readPolicy`); without it the clerk's settings rule. */
  policy?: PolicyRead;
  /** How the outbox file is written; default atomic (temporary file, fsync, rename). */
  writeOutbox?: (filePath: string, text: string) => Promise<void>;
  /** How often the catalogue syncs and the header checks (tests shorten them). */
  freshness?: Partial<FreshnessTimings>;
}

export interface Core {
  /** Parses rawInput with ipcContract[method].input; never throws; returns a typed Result. */
  invoke<M extends IpcMethod>(method: M, rawInput: unknown): Promise<Result<IpcOutput<M>>>;
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): Unsubscribe;
  /** The platform's online/offline signal (Electron's net.isOnline / 'online' events; the preview leaves it true). */
  setPlatformOnline(online: boolean): void;
  /** Animals not yet on the service, for a warning before quitting or switching environment. */
  unsentAnimals(): number;
  /** Stops timers, finishes an in-flight outbox send, flushes stores. */
  close(): Promise<void>;
  /** The demo service's own key, kept so Settings can put it back after a wrong one ("Restore the demo key"). */
  rememberDemoKey(apiKey: string, baseUrl: string): void;
  /** The keys held or tried in this run, for a log hook outside the core to take out (never sent anywhere). */
  knownSecrets(): string[];
}

/** Wires the core's parts together; each part does one job (see README). */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? Date.now;
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true });

  const bus = new EventBus();
  const snapshots = new Snapshots(bus);
  const keys = new ApiKeys(options.secrets, options.keychainService ?? DEFAULT_KEYCHAIN_SERVICE);
  // A notice's values quote files and services: no key, stored or tried, leaves in one.
  const notify = (notice: AppNotice) => {
    snapshots.notice(redactParams(notice, keys.known()));
  };
  const logger = redactingLogger(options.logger, () => keys.known());
  const open = options.openJsonStore ?? openConfStore;

  const environments = EnvironmentDefaults.parse({ ...BUILT_IN_ENVIRONMENTS, ...options.environmentDefaults });
  const defaults = defaultSettings(environments);
  // The machine's policy first: the settings and the keys are built within it.
  const policy = new ManagedPolicy(
    options.policy?.policy,
    (id) => environments[id].baseUrl,
    options.policy?.lockedInPlace,
  );
  // The keys first, so a notice quoting a file read below (a field's name in it, say) loses any key in it too.
  if (!(await keys.load())) {
    notify({
      id: 'keychain-unreadable',
      level: 'warning',
      reason: 'keychain_unreadable',
    });
  }
  // Each store is read once, validated, and written atomically; a failed write is logged and becomes a notice.
  const document = <T extends object>(name: string, file: StoredFile, read: Reader<T>, initial: () => T) =>
    openDocument({
      open,
      dataDir,
      name,
      file,
      read,
      defaults: initial,
      now,
      notify,
      onWriteError: (error) => {
        logger.error(`${name}: could not save`, error);
      },
    });
  // The environments whose address the settings file gave: only there is the address in use the one an older key
  // was entered for (elsewhere a default stands in for an address missing, lost or refused).
  let addressesRead: readonly EnvironmentId[] = [];
  const settings = new Settings(
    document(
      'settings',
      'settings',
      (raw) => {
        const outcome = readSettings(raw, defaults);
        addressesRead = outcome.addressesRead;
        return outcome;
      },
      () => defaults,
    ),
    policy,
  );
  const categories = new Categories(document('categories', 'categories', readCategories, defaultCategories));
  // Where an environment's key may go: the origin of its address now.
  const originOf = (environmentId: EnvironmentId) => new URL(settings.baseUrl(environmentId)).origin;
  // Keys stored before they were bound to an origin were entered for the address in use then, as the file gave it.
  await keys.bindUnbound((id) => (addressesRead.includes(id) ? originOf(id) : undefined), logger);
  // Only then the policy's addresses and locks, so an older key goes with the address it was entered for, never
  // to the policy's; a locked environment's key is stored, handed out and bound for its locked origin only.
  settings.applyPolicy();
  for (const id of policy.lockedEnvironments()) keys.lockTo(id, originOf(id));
  if (options.policy?.notice) notify(options.policy.notice);

  // The key entered for the environment's address now (only a key for that origin is ever sent there).
  const keyInUse = (environmentId: EnvironmentId) => keys.get(environmentId, originOf(environmentId));
  const credential = (environmentId: EnvironmentId) => keys.digest(environmentId, originOf(environmentId));

  // The list catches up once the service is reached again (an "Online" header over the offline copy would wait for the
  // 3-minute sync), unless a sync is reading it now: its answer may be what brought it back, and one more round is waste.
  const catchUp = async () => {
    if ((await catalogues.meta(settings.current.selected)).state !== 'syncing') freshness.catchUp();
  };
  // The service answering again sends its own environment's animals (`onAnswered`); the platform back sends all.
  const backOnline = () => {
    logger.info('connectivity: the service is reachable again');
    snapshots.connectivity();
    void catchUp();
  };
  const calls = new ServiceCalls({
    fetch: options.fetch,
    appVersion: options.appVersion,
    timeoutMs: options.requestTimeoutMs,
    now,
    keys,
    baseUrl: (environmentId) => settings.baseUrl(environmentId),
    onOutcome: () => {
      snapshots.connectivity();
    },
    onBackOnline: backOnline,
    onAnswered: (environmentId) => {
      outbox.resume(environmentId);
    },
    onServiceTime: () => {
      outbox.wake();
    },
    onWaitOver: (environmentId) => {
      snapshots.connectivity();
      if (environmentId === settings.current.selected) void check();
    },
    petSchema: options.petSchema,
  });
  // The check gives up sooner than other requests: one every 5 s plus this wait, a service that stops answering
  // (not refusing) is seen within 10 s. One whose last answer took half as long or more is slow, not gone: its check
  // waits until the service has been silent a second short of the 10 s (from its last answer, or from now when it said
  // nothing for a whole interval: the header tells that already, or nobody was looking), not for one check's wait.
  const timings = { ...DEFAULT_FRESHNESS, ...options.freshness };
  const checkTimeoutMs = Math.min(options.checkTimeoutMs ?? CHECK_TIMEOUT_MS, options.requestTimeoutMs ?? Infinity);
  const checkWaits = (environmentId: EnvironmentId) => {
    const last = calls.lastAnswer(environmentId);
    if (!last || last.tookMs <= checkTimeoutMs / 2) return checkTimeoutMs;
    const silentMs = performance.now() - last.at;
    const waitMs = HEADER_SILENCE_MS - (silentMs <= timings.checkEveryMs ? silentMs : 0);
    return Math.min(Math.max(checkTimeoutMs, waitMs), options.requestTimeoutMs ?? Infinity);
  };
  /** The lightest question a service answers (its answer tells its state and its time); its outcome is the header's. */
  const oneRow = (environmentId: EnvironmentId, signal?: AbortSignal) =>
    calls
      .call(environmentId, (client) => client.listPage({ limit: 1 }, { signal, timeoutMs: checkWaits(environmentId) }))
      .catch(() => undefined);
  const askedTime = new Map<EnvironmentId, number>();
  const outbox: Outbox = new Outbox({
    file: new OutboxFile({
      filePath: join(dataDir, 'outbox.jsonl'),
      appVersion: options.appVersion,
      notify,
      secrets: () => keys.known(),
      write: options.writeOutbox,
    }),
    now,
    logger,
    notify,
    // A sent animal goes into the catalogue once the outbox holds it as sent: the screen keys its row by the
    // outbox item until the catalogue lists it, so the row is never drawn twice (a catalogue row arriving while
    // the item still read "sending" was).
    onChange: (sent) => {
      for (const record of sent) {
        if (record.created)
          void catalogues.putSent(record.environmentId, sentAddress(record), record.created, record.id);
      }
      snapshots.outbox();
    },
    send: (item, onAnswer, refusedAnimal) =>
      calls.call(
        item.environmentId,
        (client) => client.createPet(item.pet, { idempotencyKey: item.key, onAnswer }),
        refusedAnimal,
      ),
    address: (environmentId) => settings.baseUrl(environmentId),
    credential,
    canSend: (environmentId) => calls.connectivity.platform && keyInUse(environmentId) !== undefined,
    service: calls,
    askTime: (environmentId) => {
      const last = askedTime.get(environmentId) ?? -Infinity;
      // At most every 5 s (the monotonic clock: the counter's may be what is wrong), as the header checks its own.
      if (performance.now() - last < 5_000) return;
      askedTime.set(environmentId, performance.now());
      void oneRow(environmentId);
    },
    findMatches: (item) => catalogues.findMatches(item.environmentId, item.pet, item),
    listed: async (environmentId, pets, refresh) => {
      await catalogues.forgetLapsed(environmentId, pets);
      // A service not reached now (down, silent) is not waited on for its list as well as for the add: one that does
      // not answer would double the clerk's wait. The add goes with the copy's (stale); not reached, it is read again.
      const reached = calls.health(environmentId).health !== 'offline';
      return catalogues.listed(environmentId, pets, refresh && reached);
    },
    lapsed: (outboxId) => catalogues.lostSince(outboxId),
  });

  const catalogues: Catalogues = new Catalogues({
    dataDir,
    now,
    logger,
    notify,
    baseUrl: (environmentId) => settings.baseUrl(environmentId),
    fetchPage: (environmentId, url, etag, signal) =>
      calls.call(environmentId, (client) => client.conditionalPage(url, etag, signal)),
    onChange: (meta) => {
      if (meta.environmentId === settings.current.selected) snapshots.catalogue(meta);
    },
    onFreshRows: (environmentId, matchesOf) => outbox.freshRows(environmentId, (item) => matchesOf(item.pet, item)),
    listedForMs: timings.listedForMs,
  });
  // The header's light check: one row of the list, never without a key; back online, the catalogue syncs, as it does
  // (not at every check) while the header says Online over a copy whose last sync did not reach the service.
  const check = async (signal?: AbortSignal) => {
    const environmentId = settings.current.selected;
    const before = calls.health(environmentId).health;
    if (before === 'no_key' || !calls.connectivity.platform) return;
    await oneRow(environmentId, signal);
    if (calls.health(environmentId).health !== 'online') return;
    if (before !== 'online') await catchUp();
    else if ((await catalogues.meta(environmentId)).state === 'offline') freshness.catchUp(true);
  };
  const freshness: Freshness = new Freshness({
    timings,
    now,
    check,
    sync: async () => {
      await catalogues.sync(settings.current.selected);
    },
  });

  const context: HandlerContext = {
    appVersion: options.appVersion,
    now,
    logger,
    keys,
    settings,
    catalogues,
    outbox,
    calls,
    snapshots,
    lookupSignals: new Map<string, LookupSignals>(),
    demo: {},
    ...(options.confirmKeyOrigin && { confirmKeyOrigin: options.confirmKeyOrigin }),
  };
  const connectivityState = () => {
    const { sending, waiting, toCheck } = outbox.summary(settings.current.selected);
    return {
      service: calls.health(settings.current.selected),
      sending,
      waiting,
      toCheck,
    };
  };
  const handlers: Handlers = {
    getStatus: () => snapshots.status(options.appVersion),
    setLanguage: ({ language }) => {
      options.onLanguage?.(language);
      return null;
    },
    ...settingsHandlers(context),
    ...keyTestHandlers(context),
    ...petHandlers(context),
    ...lookupHandlers(context),
    ...exportHandlers(options.saveFile),
    ...categoryHandlers(context, categories),
    ...outboxHandlers(context),
    ...catalogueHandlers(context, catalogues, freshness),
  };
  snapshots.attach({
    connectivity: connectivityState,
    outbox: () => outbox.snapshot(),
    settings: () => settingsView(settings, keys, context.demo),
  });

  // Another environment, address or key in use: its catalogue is the one shown, and it syncs (a key put right after a
  // wrong one too: "Test and save" already says online, so the header's check would not sync it); the outbox shows
  // only what was sent to that address. The key is compared as a digest, never kept.
  const inUse = () => {
    const environmentId = settings.current.selected;
    return `${environmentId} ${settings.baseUrl(environmentId)} ${credential(environmentId)}`;
  };
  let catalogueInUse = inUse();
  bus.on('onSettings', () => {
    if (inUse() === catalogueInUse) return;
    catalogueInUse = inUse();
    snapshots.outbox();
    void catalogues.meta(settings.current.selected).then((meta) => {
      snapshots.catalogue(meta);
      void freshness.syncNow();
    });
  });

  void catalogues.putUnsynced(
    outbox.sent().flatMap((record) => {
      const { id: outboxId, environmentId, created: pet } = record;
      return pet ? [{ outboxId, environmentId, baseUrl: sentAddress(record), pet }] : [];
    }),
  );
  outbox.wake();
  freshness.start();

  return {
    invoke: (method, rawInput) => dispatch(handlers, method, rawInput, logger, () => keys.known()),
    on: (event, listener) => bus.on(event, listener),
    setPlatformOnline(online) {
      logger.info(`connectivity: platform reports ${online ? 'online' : 'offline'}`);
      if (calls.setPlatformOnline(online)) {
        backOnline();
        outbox.resume();
      } else snapshots.connectivity();
    },
    unsentAnimals: () => outbox.summary(settings.current.selected).unsent,
    async close() {
      // A sync or check waiting on a service that does not answer is cut off first: closing never waits on it.
      catalogues.stopSyncing();
      calls.stop();
      await freshness.stop();
      await outbox.close();
      await Promise.all([settings.flush(), categories.flush(), catalogues.close()]);
      bus.clear();
    },
    rememberDemoKey(apiKey, baseUrl) {
      context.demo.apiKey = apiKey;
      context.demo.origin = new URL(baseUrl).origin;
      snapshots.settings();
    },
    knownSecrets: () => [...keys.known()],
  };
}
