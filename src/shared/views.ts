import { z } from 'zod';
import { AppError, MessageParams } from './app-error';
import { DeprecationNotice, LookupMode } from './deprecation';
import { BaseUrl, EnvironmentId } from './environments';
import { NewPet, Pet, Pets } from './pet';
import { CategoryLabel, sameLabel } from './categories';
import { PolicyLanguage, SortOrder, matchLanguage } from './screen-choices';

export { CategoryLabel, PolicyLanguage, SortOrder, matchLanguage, sameLabel };

const EpochMs = z.int().nonnegative();

export const CategoryLabels = z.object({ environmentId: EnvironmentId, categories: z.array(CategoryLabel) });

export type CategoryLabels = z.infer<typeof CategoryLabels>;

/** What became of an export: saved where the clerk chose, cancelled, or left to the page to download (the web preview). */
export const ExportOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
  z.object({ outcome: z.literal('download') }),
]);
export type ExportOutcome = z.infer<typeof ExportOutcome>;

export const OutboxState = z.enum(['queued', 'sending', 'sent', 'needs_attention']);
export type OutboxState = z.infer<typeof OutboxState>;

/** An animal added while the service could not be reached, waiting to be sent. */
export const OutboxItem = z.object({
  id: z.uuid(),
  environmentId: EnvironmentId,
  pet: NewPet,
  state: OutboxState,
  createdAt: EpochMs,
  attempts: z.int().nonnegative(),
  nextAttemptAt: EpochMs.optional(),
  lastError: AppError.optional(),
  /** The animal the service created, once sent. */
  created: z.optional(Pet),
  /** When it was sent (sent items are listed for 7 days). */
  sentAt: EpochMs.optional(),
  /** Why a needs_attention item waits: the service refused it, or it may exist and the clerk checks. */
  check: z.enum(['rejected', 'needs_check']).optional(),
  /**
   * For needs_check: rows of a fresh list with the same name and category, and whether that list is the whole shop
   * (a service that lists at most 100 a status may hold the animal without listing it). `unread`: the service kept
   * failing on part of its list, and the rows are those of the pages it answered. `stale`: the list could not be read
   * as it was added, so the rows may include another counter's animal of its name, added shortly before it.
   */
  matches: z.optional(
    z.object({
      pets: Pets,
      complete: z.boolean(),
      unread: z.optional(z.literal(true)),
      stale: z.optional(z.literal(true)),
    }),
  ),
  /** For needs_check: it was sent to another address than its environment's now (perhaps another shop). */
  sentElsewhere: z.optional(z.literal(true)),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const OutboxSnapshot = z.object({ items: z.array(OutboxItem) });
export type OutboxSnapshot = z.infer<typeof OutboxSnapshot>;

export const CreateOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('created'), pet: Pet }),
  z.object({ outcome: z.literal('queued'), item: OutboxItem }),
]);
export type CreateOutcome = z.infer<typeof CreateOutcome>;

export const LookupResult = z.object({
  pet: Pet,
  source: LookupMode,
  notice: DeprecationNotice,
  /** For a cached answer: when the list it came from was fetched. */
  fetchedAt: EpochMs.optional(),
  /** Why the catalogue answers instead of the service: not reached, failed, or no working key (refused, or none). */
  offlineReason: AppError.optional(),
  /**
   * For the service's answer, what it did to the catalogue on this computer: it held the same animal
   * (`agreed`), held it with other fields and now holds the service's (`corrected`), or lacked it (`added`).
   */
  catalogue: z.enum(['agreed', 'corrected', 'added']).optional(),
});
export type LookupResult = z.infer<typeof LookupResult>;

/** An environment as Settings shows it; the renderer names it from its id, in the clerk's language. */
export const EnvironmentView = z.object({
  id: EnvironmentId,
  baseUrl: BaseUrl,
  hasKey: z.boolean(),
  /** The address is locked by the organisation's policy file: the clerk cannot change it. */
  managed: z.boolean(),
});
export type EnvironmentView = z.infer<typeof EnvironmentView>;

/** What the organisation's policy file decides, for the renderer; without a policy: updates on, demo shown. */
export const PolicyView = z.object({
  updatesEnabled: z.boolean(),
  language: z.optional(PolicyLanguage),
  demoHidden: z.boolean(),
  /** Settings' "Administration" part (addresses, keys) is shown but cannot be changed on this computer. */
  administrationLocked: z.boolean(),
});
export type PolicyView = z.infer<typeof PolicyView>;

/**
 * The clerk's choices for the screen, kept with the data folder (not the page's storage, whose address
 * changes with the preview's port): the language (absent: the policy's, else the system's), the list's sort,
 * its hidden columns and the scanner.
 */
export const Preferences = z.strictObject({
  language: z.enum(['en', 'de', 'fr', 'es', 'pseudo']).optional(),
  /** Per environment, as each list keeps its own. */
  sort: z.partialRecord(EnvironmentId, SortOrder).optional(),
  hiddenColumns: z.array(z.string().max(40)).max(20).optional(),
  /** This counter's barcode scanner opens the animal scanned (absent: on). */
  scanner: z.boolean().optional(),
});
export type Preferences = z.infer<typeof Preferences>;

/** Settings as the renderer may see them: never a key, only whether one is stored. */
export const SettingsView = z.object({
  environments: z.array(EnvironmentView),
  selected: EnvironmentId,
  policy: PolicyView,
  preferences: Preferences,
  /** The demo service's own key is known to this run, so Settings can put it back after a wrong one. */
  demoKeyKnown: z.boolean(),
});
export type SettingsView = z.infer<typeof SettingsView>;

/**
 * What the header says about the environment in use: no key, not asked yet,
 * a first request under way, answered, asked to wait (Retry-After: nothing is sent), not reached, or answered wrongly.
 */
export const ServiceHealth = z.enum([
  'no_key',
  'unchecked',
  'connecting',
  'online',
  'waiting',
  'offline',
  'service_error',
]);
export type ServiceHealth = z.infer<typeof ServiceHealth>;

/** Why a service_error (or offline: no network, or the service not reached): the key was refused, the host name does not exist, the service failed or answered nonsense. */
export const ServiceProblem = z.enum([
  'key_refused',
  'address_not_found',
  'server_error',
  'invalid_response',
  // Why offline: this computer has no network, or it has one and the service did not answer.
  'no_network',
  'unreachable',
]);
export type ServiceProblem = z.infer<typeof ServiceProblem>;

export const ServiceStatus = z.object({
  health: ServiceHealth,
  problem: ServiceProblem.optional(),
  /** While `waiting`: when the wait ends (the counter's clock, epoch ms) and the app asks again. */
  until: z.int().nonnegative().optional(),
});
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const ConnectivityState = z.object({
  /** The environment in use, for the header. */
  service: ServiceStatus,
  /** The environment in use's outbox items on their way to the service now. */
  sending: z.int().nonnegative(),
  /** Its items the outbox will send by itself (it may be waiting for the service, or for a back-off). */
  waiting: z.int().nonnegative(),
  /** Its items waiting for the clerk: a check whether the service has them, or a refusal to read. */
  toCheck: z.int().nonnegative(),
});
export type ConnectivityState = z.infer<typeof ConnectivityState>;

/** What a notice is about; the renderer words each one (`notice.<reason>`) in the clerk's language. */
export const NoticeReason = z.enum([
  'keychain_unreadable',
  'policy_unreadable',
  'policy_not_json',
  'policy_invalid',
  'policy_bad_address',
  'file_unreadable',
  'file_partly_read',
  'file_newer_version',
  'file_not_saved',
  'outbox_record_unreadable',
  'outbox_newer_version',
  'outbox_not_set_aside',
]);
export type NoticeReason = z.infer<typeof NoticeReason>;

/** The files the app keeps, as a notice names them. */
export const StoredFile = z.enum(['settings', 'categories', 'outbox', 'catalogue']);
export type StoredFile = z.infer<typeof StoredFile>;

/** Why a stored file could not be read. */
export const FileProblem = z.enum(['not_json', 'not_recognised', 'newer_version', 'unknown_version']);
export type FileProblem = z.infer<typeof FileProblem>;

/** Something main wants the user to know that is not the answer to a request. */
export const AppNotice = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  reason: NoticeReason,
  /** Values the message is worded with: a StoredFile, a FileProblem, a FieldProblem (`field`), a path, a backup's name, technical detail. */
  params: MessageParams.optional(),
});
export type AppNotice = z.infer<typeof AppNotice>;

/** A notice in a line for the log (English, for whoever reads the log). */
export const describeNotice = (notice: AppNotice): string =>
  `${notice.level}: ${notice.reason}${notice.params ? ` ${JSON.stringify(notice.params)}` : ''}`;

/**
 * Grows with every snapshot the core sends, in a reply or an event. Replies and
 * events travel separately (two connections in the preview), so the renderer
 * keeps the newest it has seen of each kind and drops an older one.
 */
export const Revision = z.int().nonnegative();
export type Revision = z.infer<typeof Revision>;

const revised = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ revision: Revision });

export const RevisedSettings = revised(SettingsView);
export type RevisedSettings = z.infer<typeof RevisedSettings>;
export const RevisedOutbox = revised(OutboxSnapshot);
export type RevisedOutbox = z.infer<typeof RevisedOutbox>;
export const RevisedConnectivity = revised(ConnectivityState);
export type RevisedConnectivity = z.infer<typeof RevisedConnectivity>;
export const RevisedNotice = revised(AppNotice);
export type RevisedNotice = z.infer<typeof RevisedNotice>;

/**
 * The add's answer carries the outbox and the header as the add left them: the answer and their events travel
 * separately, and a screen saying "Added Max" must not count Max as not sent while the events are on their way.
 */
export const CreateReply = z.intersection(
  CreateOutcome,
  z.object({ outbox: RevisedOutbox, connectivity: RevisedConnectivity }),
);
export type CreateReply = z.infer<typeof CreateReply>;

/**
 * How fresh the catalogue is: a sync under way, the last one finished (`fresh`), the service not
 * reached (`offline`: the stored copy from `syncedAt` is shown), or it answered wrongly / no key (`error`).
 */
export const CatalogueState = z.enum(['syncing', 'fresh', 'offline', 'error']);
export type CatalogueState = z.infer<typeof CatalogueState>;

/**
 * Whether the catalogue holds the whole shop, and if not why: the service links no next page and its lists show
 * more than one page of "All" holds (`service_lists_capped`: the union of "All" and each status list), or the
 * stored copy was damaged part-way and only the pages before the damage were read (`copy_cut_short`: the next
 * sync brings the rest).
 */
export const CatalogueCompleteness = z.enum([
  'complete',
  'service_lists_capped',
  'service_links_cut',
  'copy_cut_short',
]);
export type CatalogueCompleteness = z.infer<typeof CatalogueCompleteness>;

/** The catalogue of the environment in use without its rows: what the header and the list's totals need. */
export const CatalogueMeta = z.object({
  environmentId: EnvironmentId,
  /** Grows whenever the rows change (in any environment): the renderer calls getCatalogue when it grows. */
  petsRevision: Revision,
  /** How many animals it holds. */
  count: z.int().nonnegative(),
  completeness: CatalogueCompleteness,
  /** When the last sync finished (the copy shown offline is from then); null before the first. */
  syncedAt: EpochMs.nullable(),
  state: CatalogueState,
  /** Why it is offline or in error: the last sync's failure. */
  problem: AppError.optional(),
});
export type CatalogueMeta = z.infer<typeof CatalogueMeta>;

/** The whole catalogue: every animal the service lists, in id order (service rows only; the outbox's are separate). */
export const CatalogueView = CatalogueMeta.extend({
  pets: Pets,
  /**
   * The outbox items whose sent animal these rows have taken in: one they lack now left on the service's word (a
   * restored shop, a lookup's "no such animal"). Only an item not taken yet is shown as sent but not listed yet.
   */
  taken: z.array(z.string()).optional(),
});
export type CatalogueView = z.infer<typeof CatalogueView>;

export const RevisedCatalogueMeta = revised(CatalogueMeta);
export type RevisedCatalogueMeta = z.infer<typeof RevisedCatalogueMeta>;
export const RevisedCatalogue = revised(CatalogueView);
export type RevisedCatalogue = z.infer<typeof RevisedCatalogue>;

export const AppStatus = z.object({
  version: z.string(),
  connectivity: RevisedConnectivity,
  notices: z.array(AppNotice),
  /** When the notices were read: a notice event with a higher revision is newer than this list. */
  revision: Revision,
});
export type AppStatus = z.infer<typeof AppStatus>;

/** `baseUrl`: the address the key was tried at. */
export const ConnectionTest = z.object({
  environmentId: EnvironmentId,
  baseUrl: z.string(),
  latencyMs: z.number().nonnegative(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;
