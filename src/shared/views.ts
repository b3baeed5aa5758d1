import { z } from 'zod';
import { AppError } from './app-error';
import { DeprecationNotice, LookupMode } from './deprecation';
import { BaseUrl, EnvironmentId } from './environments';
import { ListQuery } from './list-query';
import { NewPet, Pet, Pets } from './pet';

const EpochMs = z.int().nonnegative();

export const ListSource = z.enum(['network', 'cache']);
export type ListSource = z.infer<typeof ListSource>;

/** A list as the renderer shows it: always says where it came from and how old it is. */
export const PetList = z.object({
  environmentId: EnvironmentId,
  query: ListQuery,
  pets: Pets,
  source: ListSource,
  fetchedAt: EpochMs,
  ageMs: z.int().nonnegative(),
  /** Set when the service could not be asked and this is the cached copy instead. */
  offlineReason: AppError.optional(),
});
export type PetList = z.infer<typeof PetList>;

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
  created: Pet.optional(),
  /** When it was sent (sent items are listed for 7 days). */
  sentAt: EpochMs.optional(),
  /** Why a needs_attention item waits: the service refused it, or it may exist and the clerk checks. */
  check: z.enum(['rejected', 'needs_check']).optional(),
  /** For needs_check: rows of a fresh list with the same name and category. */
  matches: Pets.optional(),
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
});
export type LookupResult = z.infer<typeof LookupResult>;

export const EnvironmentView = z.object({
  id: EnvironmentId,
  label: z.string(),
  baseUrl: BaseUrl,
  hasKey: z.boolean(),
});
export type EnvironmentView = z.infer<typeof EnvironmentView>;

/** Settings as the renderer may see them: never a key, only whether one is stored. */
export const SettingsView = z.object({
  environments: z.array(EnvironmentView),
  selected: EnvironmentId,
  lastQuery: ListQuery,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const ConnectivityState = z.object({
  online: z.boolean(),
  /** Outbox items being or waiting to be sent. */
  pending: z.int().nonnegative(),
  sending: z.boolean(),
});
export type ConnectivityState = z.infer<typeof ConnectivityState>;

/** Something main wants the user to know that is not the answer to a request. */
export const AppNotice = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type AppNotice = z.infer<typeof AppNotice>;

export const AppStatus = z.object({
  version: z.string(),
  connectivity: ConnectivityState,
  notices: z.array(AppNotice),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const ConnectionTest = z.object({ environmentId: EnvironmentId, latencyMs: z.number().nonnegative() });
export type ConnectionTest = z.infer<typeof ConnectionTest>;
