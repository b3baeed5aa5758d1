import { z } from 'zod';
import { ApiKeyText } from './api-key';
import { DeprecationNotice } from './deprecation';
import { BaseUrl, EnvironmentId } from './environments';
import { Int64String } from './int64';
import { NewPet } from './pet';
import type { Result } from './result';
import {
  AppStatus,
  ConnectionTest,
  CategoryLabel,
  CategoryLabels,
  CreateReply,
  ExportOutcome,
  LookupResult,
  PolicyLanguage,
  RevisedCatalogue,
  RevisedCatalogueMeta,
  Preferences,
  RevisedConnectivity,
  RevisedNotice,
  OutboxItem,
  RevisedOutbox,
  RevisedSettings,
} from './views';

const NoInput = z.strictObject({});
const ForEnvironment = z.strictObject({ environmentId: EnvironmentId });

/**
 * Every request the renderer can make, declared once. The key is the method
 * name on `window.petstore`; `channel` is the IPC channel (and the web
 * preview's route). Inputs are always objects, so both transports carry them
 * as JSON; outputs are JSON-safe (ids are strings, times are epoch ms).
 */
export const ipcContract = {
  getStatus: { channel: 'app:status', input: NoInput, output: AppStatus },
  /** The language the page speaks now, for the shell's dialogs and menu. */
  setLanguage: { channel: 'app:language', input: z.strictObject({ language: PolicyLanguage }), output: z.null() },
  /**
   * Whether the app's window has the clerk's focus (the preview's page reports its own): on focus the
   * catalogue syncs and the header's check runs often; unfocused, the check backs off.
   */
  appFocused: { channel: 'app:focused', input: z.strictObject({ focused: z.boolean() }), output: z.null() },
  getSettings: { channel: 'settings:get', input: NoInput, output: RevisedSettings },
  selectEnvironment: { channel: 'settings:select-environment', input: ForEnvironment, output: RevisedSettings },
  setBaseUrl: {
    channel: 'settings:set-base-url',
    // The URL is a plain string here; the core validates it so the user gets the field message.
    input: z.strictObject({ environmentId: EnvironmentId, baseUrl: z.string().max(2048) }),
    output: RevisedSettings,
  },
  /** `baseUrl`: the address the key was tested at (default: the environment's now), by the rule every saved one meets;
   * the key is for that origin only. */
  setApiKey: {
    channel: 'keys:set',
    input: z.strictObject({
      environmentId: EnvironmentId,
      apiKey: ApiKeyText,
      baseUrl: z.string().max(2048).pipe(BaseUrl).optional(),
    }),
    output: RevisedSettings,
  },
  clearApiKey: { channel: 'keys:clear', input: ForEnvironment, output: RevisedSettings },
  /** Puts the demo service's own key back (after a wrong one was saved); refused when this run knows none. */
  restoreDemoKey: { channel: 'keys:restore-demo', input: NoInput, output: RevisedSettings },
  /** The clerk's screen choices (language, sort, columns), kept with the data folder; replaced whole. */
  setPreferences: {
    channel: 'settings:preferences',
    input: z.strictObject({ preferences: Preferences }),
    output: RevisedSettings,
  },
  testConnection: { channel: 'keys:test', input: ForEnvironment, output: ConnectionTest },
  /** Tries a key before it is stored ("Test and save"): it is sent only to the environment's own address. */
  testApiKey: {
    channel: 'keys:test-candidate',
    input: z.strictObject({ environmentId: EnvironmentId, apiKey: ApiKeyText }),
    output: ConnectionTest,
  },
  getCategories: { channel: 'categories:get', input: NoInput, output: CategoryLabels },
  setCategoryLabel: {
    channel: 'categories:set',
    input: z.strictObject({ category: CategoryLabel }),
    output: CategoryLabels,
  },
  /** Takes a name off an id; the id stays usable by number. */
  removeCategoryLabel: {
    channel: 'categories:remove',
    input: z.strictObject({ id: Int64String }),
    output: CategoryLabels,
  },
  saveExport: {
    channel: 'export:save',
    input: z.strictObject({
      fileName: z.string().regex(/^[\w.-]{1,100}\.csv$/),
      contents: z.string().max(20_000_000),
    }),
    output: ExportOutcome,
  },
  createPet: { channel: 'pets:create', input: z.strictObject({ pet: NewPet }), output: CreateReply },
  // `environmentId`: the environment the clerk asked in (default: the one in use), so an answer is always that one's.
  lookupPet: {
    channel: 'pets:lookup',
    input: z.strictObject({ id: Int64String, environmentId: z.optional(EnvironmentId) }),
    output: LookupResult,
  },
  getDeprecationNotice: { channel: 'pets:lookup-notice', input: NoInput, output: DeprecationNotice },
  /** Every animal of the environment in use, from the catalogue on this computer, and how fresh it is. */
  getCatalogue: { channel: 'catalogue:get', input: NoInput, output: RevisedCatalogue },
  /** "Refresh": syncs the catalogue now; the rows follow through onCatalogue and getCatalogue. */
  refreshCatalogue: { channel: 'catalogue:refresh', input: NoInput, output: RevisedCatalogueMeta },
  getOutbox: { channel: 'outbox:get', input: NoInput, output: RevisedOutbox },
  retryOutboxItem: { channel: 'outbox:retry', input: z.strictObject({ id: z.uuid() }), output: RevisedOutbox },
  /** `seen`: the row as the clerk was asked "Discard?" (its state and attempts): a try ended since is an outcome the
   * "Yes" did not see. */
  discardOutboxItem: {
    channel: 'outbox:discard',
    input: z.strictObject({ id: z.uuid(), seen: OutboxItem.pick({ state: true, attempts: true }) }),
    output: RevisedOutbox,
  },
  /** A waiting animal changed before it is sent. */
  editOutboxItem: {
    channel: 'outbox:edit',
    input: z.strictObject({ id: z.uuid(), pet: NewPet }),
    output: RevisedOutbox,
  },
  /** "It was created": the clerk found a needs-check animal on the service. */
  confirmOutboxItem: { channel: 'outbox:confirm', input: z.strictObject({ id: z.uuid() }), output: RevisedOutbox },
} as const;

export type IpcContract = typeof ipcContract;
export type IpcMethod = keyof IpcContract;
export type IpcInput<M extends IpcMethod> = z.input<IpcContract[M]['input']>;
export type IpcParsedInput<M extends IpcMethod> = z.output<IpcContract[M]['input']>;
export type IpcOutput<M extends IpcMethod> = z.output<IpcContract[M]['output']>;

/** Events main pushes to the renderer. The key is the subscribe method on `window.petstore`. */
export const ipcEvents = {
  onConnectivity: { channel: 'event:connectivity', payload: RevisedConnectivity },
  onOutbox: { channel: 'event:outbox', payload: RevisedOutbox },
  onSettings: { channel: 'event:settings', payload: RevisedSettings },
  onNotice: { channel: 'event:notice', payload: RevisedNotice },
  /** The catalogue of the environment in use changed (its rows: petsRevision grew; or its freshness). */
  onCatalogue: { channel: 'event:catalogue', payload: RevisedCatalogueMeta },
} as const;

export type IpcEvents = typeof ipcEvents;
export type IpcEventName = keyof IpcEvents;
export type IpcEventPayload<E extends IpcEventName> = z.output<IpcEvents[E]['payload']>;

export type Unsubscribe = () => void;

/** The one object the preload (or the web preview) exposes as `window.petstore`. */
export type PetstoreApi = {
  [M in IpcMethod]: (input: IpcInput<M>) => Promise<Result<IpcOutput<M>>>;
} & {
  [E in IpcEventName]: (listener: (payload: IpcEventPayload<E>) => void) => Unsubscribe;
};

export const IPC_METHODS = Object.keys(ipcContract) as IpcMethod[];
export const IPC_EVENT_NAMES = Object.keys(ipcEvents) as IpcEventName[];
