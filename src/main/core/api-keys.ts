import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppFailure, ApiKeyText, ENVIRONMENT_IDS, appError, invalidInput, type EnvironmentId } from '../../shared';
import type { Logger } from './logger';
import { managedFailure } from './policy';

/** keytar's own shape, so the keytar module itself is passed in. */
export interface SecretStore {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Petstore Counter';

/** The keychain account holding the secret that key digests are made with (no environment has this id). */
const DIGEST_ACCOUNT = 'key-digests';

// Enough for a clerk's typos in one run; bounded so the redaction pattern stays small whatever the page sends.
const MAX_TRIED = 16;

const keychainFailure = (reason: 'keychain_save' | 'keychain_remove') => new AppFailure(appError('keychain', reason));

/** A keychain entry: the key and the service origin it was entered for. Older entries hold the bare key. */
const StoredKey = z.object({ key: ApiKeyText, origin: z.url() });
type StoredKey = { key: string; origin?: string };

function readEntry(text: string): StoredKey {
  try {
    const parsed = StoredKey.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: an entry from before keys were bound to an origin.
  }
  return { key: text };
}

/**
 * One API key per environment in the OS keychain (service name, account =
 * environment id), bound to the service origin it was entered for: a key is
 * handed out only for that origin, so it never travels to another host.
 * Keys are read once and held in this process only, so a list request does
 * not wait on the keychain; nothing outside learns more than whether a
 * usable key exists.
 */
export class ApiKeys {
  private readonly keys = new Map<EnvironmentId, StoredKey>();
  private readonly locked = new Map<EnvironmentId, string>();
  /** Keys tried but not (yet) stored, newest last: taken out of logs and errors like stored ones, in memory only. */
  private readonly tried = new Set<string>();
  /** Until the keychain gives its own; one it has not taken yet is written with the next key stored. */
  private digestSecret = randomBytes(32).toString('base64url');
  private digestSecretKept = false;

  constructor(
    private readonly secrets: SecretStore,
    private readonly service: string,
  ) {}

  /** Reads every environment's key; returns false when the keychain could not be read. */
  async load(): Promise<boolean> {
    try {
      for (const id of ENVIRONMENT_IDS) {
        const entry = await this.secrets.getPassword(this.service, id);
        if (entry) this.keys.set(id, readEntry(entry));
      }
      const secret = await this.secrets.getPassword(this.service, DIGEST_ACCOUNT);
      if (secret) [this.digestSecret, this.digestSecretKept] = [secret, true];
      else await this.keepDigestSecret();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The policy fixed this environment's address: from now on its key is handed out, stored and bound for
   * that origin only, whatever the settings say (a key bound elsewhere before stays unused until entered again).
   */
  lockTo(environmentId: EnvironmentId, origin: string): void {
    this.locked.set(environmentId, origin);
  }

  /** The environment's key, only for the origin it was entered for (and, when locked, the locked one). */
  get(environmentId: EnvironmentId, origin: string): string | undefined {
    if (this.lockedElsewhere(environmentId, origin) !== undefined) return undefined;
    const stored = this.keys.get(environmentId);
    return stored?.origin === origin ? stored.key : undefined;
  }

  /**
   * The key in use as a digest made with a secret the keychain keeps: the outbox file keeps it to tell whether the key
   * changed since an animal was sent, and without the keychain no list of likely keys can find the key from it.
   */
  digest(environmentId: EnvironmentId, origin: string): string {
    const key = this.get(environmentId, origin) ?? '';
    return createHmac('sha256', this.digestSecret).update(key).digest('base64url').slice(0, 16);
  }

  /** Whether a key is stored, whatever origin it is bound to. */
  has(environmentId: EnvironmentId): boolean {
    return this.keys.has(environmentId);
  }

  /** Where the environment's key may be sent; undefined for no key, or an entry older than the binding. */
  boundTo(environmentId: EnvironmentId): string | undefined {
    return this.keys.get(environmentId)?.origin;
  }

  /** Every key held or tried in this run, so the logger and the errors can take them out of any line. */
  known(): Iterable<string> {
    return [...[...this.keys.values()].map((stored) => stored.key), ...this.tried];
  }

  /**
   * A key about to be tried ("Test and save"): from now on redacted wherever a stored one is, since a service
   * may echo it in an answer that ends up in a log line or an error. A few of the latest are kept for the run.
   */
  trying(apiKey: string): void {
    this.tried.delete(apiKey);
    this.tried.add(apiKey);
    for (const oldest of this.tried) {
      if (this.tried.size <= MAX_TRIED) break;
      this.tried.delete(oldest);
    }
  }

  /** Binds a stored key to another origin: after the clerk confirmed, or for an entry older than the binding. */
  async bind(environmentId: EnvironmentId, origin: string): Promise<void> {
    const stored = this.keys.get(environmentId);
    if (!stored) return;
    await this.write(environmentId, { key: stored.key, origin });
  }

  /**
   * Binds every entry older than the binding to the origin it was entered for. One whose address is not known (the
   * settings that held it were lost or refused) is forgotten, to be entered again: kept bare, a later start would bind
   * it to the address standing in, once that is written to the settings.
   */
  async bindUnbound(
    originOf: (environmentId: EnvironmentId) => string | undefined,
    logger: Pick<Logger, 'warn'>,
  ): Promise<void> {
    for (const [environmentId, stored] of this.keys) {
      if (stored.origin !== undefined) continue;
      const origin = originOf(environmentId);
      await (origin === undefined ? this.clear(environmentId) : this.bind(environmentId, origin)).catch(
        (error: unknown) => {
          logger.warn(`keys: could not bind the ${environmentId} key to its address`, error);
        },
      );
    }
  }

  async set(environmentId: EnvironmentId, apiKey: string, origin: string): Promise<void> {
    const parsed = ApiKeyText.safeParse(apiKey);
    if (!parsed.success) throw new AppFailure(invalidInput(parsed.error, 'apiKey'));
    await this.write(environmentId, { key: parsed.data, origin });
  }

  /** The origin the policy locked this environment's key to, when that is not `origin`. */
  private lockedElsewhere(environmentId: EnvironmentId, origin: string): string | undefined {
    const lockedOrigin = this.locked.get(environmentId);
    return lockedOrigin !== undefined && lockedOrigin !== origin ? lockedOrigin : undefined;
  }

  private async write(environmentId: EnvironmentId, entry: Required<StoredKey>): Promise<void> {
    const lockedOrigin = this.lockedElsewhere(environmentId, entry.origin);
    if (lockedOrigin !== undefined) {
      throw managedFailure('managed_key', { origin: lockedOrigin });
    }
    try {
      await this.secrets.setPassword(this.service, environmentId, JSON.stringify(entry));
    } catch {
      throw keychainFailure('keychain_save');
    }
    this.keys.set(environmentId, entry);
    // A key's digest is only as lasting as the secret it is made with (an animal in doubt waits for the clerk
    // where its digest changed): a keychain that refused the secret at start (locked) takes it with the key.
    await this.keepDigestSecret();
  }

  /** Writes the digest secret unless the keychain holds it; a keychain that refuses it is asked again later. */
  private async keepDigestSecret(): Promise<void> {
    if (this.digestSecretKept) return;
    this.digestSecretKept = await this.secrets.setPassword(this.service, DIGEST_ACCOUNT, this.digestSecret).then(
      () => true,
      () => false,
    );
  }

  async clear(environmentId: EnvironmentId): Promise<void> {
    try {
      await this.secrets.deletePassword(this.service, environmentId);
    } catch {
      throw keychainFailure('keychain_remove');
    }
    const stored = this.keys.get(environmentId);
    this.keys.delete(environmentId);
    // Still taken out of logs and errors this run: an answer on its way, or a file read later, may quote it.
    if (stored) this.trying(stored.key);
  }
}
