import { z } from 'zod';
import { Pet, type Pet as PetValue } from '../shared';
import { buildApp, API_PREFIX } from './app';
import { generateApiKey, loadOrCreateKeyFile } from './keys';
import { demoPets, generatedPets } from './seed';
import type { Timeouts } from './timeouts';
import { openPetStore, type PetToStore, type StoredPet } from './store';

export interface StartServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** SQLite file; default ':memory:'. */
  dbPath?: string;
  /** Accepted keys. None: a key kept beside a database file, or a fresh one for ':memory:'. */
  apiKeys?: string[];
  /** 'demo' adds about forty animals when the database is empty. */
  seed?: 'demo' | 'none';
  logger?: boolean;
  /** Milliseconds since the epoch, for Idempotency-Key expiry and every answer's Date (tests move it); default Date.now. */
  now?: () => number;
  /** How long an Idempotency-Key replays its first answer (stated in `Idempotency-Key-Lifetime`); default 24 h. */
  keyLifetimeMs?: number;
  /** Client timeouts; tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /** Pets to add before serving, ids chosen by the caller (e.g. beyond 2^53) or left to the service. */
  initialPets?: InitialPet[];
  /** This many made-up animals added before serving, in one transaction (a large shop for the bench). */
  generatedPets?: number;
}

/** A pet to preload: the app's Pet shape, id optional. */
export const InitialPet = z.object({ ...Pet.shape, id: z.optional(Pet.shape.id) });
export type InitialPet = z.input<typeof InitialPet>;

export interface RunningServer {
  /** Base URL including /v1, e.g. http://127.0.0.1:43567/v1 */
  url: string;
  apiKeys: string[];
  /** Adds pets while running (ids kept exactly as given) and returns them as stored. */
  insertPets(pets: InitialPet[]): PetValue[];
  /** How many animals were created under this Idempotency-Key (0 or 1 per credential), for crash tests. */
  countByIdempotencyKey(key: string): number;
  close(): Promise<void>;
}

function toStore(pets: InitialPet[]): PetToStore[] {
  return z
    .array(InitialPet)
    .parse(pets)
    .map((pet) => ({
      id: pet.id === undefined ? undefined : BigInt(pet.id),
      name: pet.name,
      categoryId: BigInt(pet.categoryId),
      status: pet.status ?? 'available',
    }));
}

function fromStore(pet: StoredPet): PetValue {
  return { id: pet.id.toString(), name: pet.name, categoryId: pet.categoryId.toString(), status: pet.status };
}

function resolveKeys(apiKeys: string[] | undefined, dbPath: string): string[] {
  if (apiKeys && apiKeys.length > 0) return apiKeys;
  return dbPath === ':memory:' ? [generateApiKey()] : [loadOrCreateKeyFile(dbPath).apiKey];
}

function baseUrl(host: string, port: number): string {
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${port}${API_PREFIX}`;
}

/** Starts the reference Petstore service in this process. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', dbPath = ':memory:', seed = 'none', logger = false } = options;
  const apiKeys = resolveKeys(options.apiKeys, dbPath);
  const store = openPetStore(dbPath);
  try {
    if (seed === 'demo' && store.count() === 0) store.insertMany(demoPets());
    if (options.initialPets) store.insertMany(toStore(options.initialPets));
    if (options.generatedPets) store.insertMany(generatedPets(options.generatedPets));
    const app = buildApp({
      store,
      apiKeys,
      logger,
      now: options.now,
      keyLifetimeMs: options.keyLifetimeMs,
      timeouts: options.timeouts,
    });
    await app.listen({ port, host });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The service is not listening on TCP');
    let closing: Promise<void> | undefined;
    return {
      url: baseUrl(host, address.port),
      apiKeys: [...apiKeys],
      insertPets: (pets) => store.insertMany(toStore(pets)).map(fromStore),
      countByIdempotencyKey: (key) => store.keyed.countByKey(key),
      close: () => {
        closing ??= app.close().finally(() => store.close());
        return closing;
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
