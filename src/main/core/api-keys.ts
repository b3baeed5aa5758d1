import { z } from 'zod';
import { AppFailure, ENVIRONMENT_IDS, appError, type EnvironmentId } from '../../shared';

/** keytar's own shape, so the keytar module itself is passed in. */
export interface SecretStore {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Petstore Counter';

/** A key travels in an HTTP header: visible ASCII only. The messages never repeat the key. */
export const ApiKeyText = z
  .string()
  .trim()
  .min(1, 'Enter the API key')
  .max(4096, 'That is too long to be an API key')
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters');

const keychainFailure = (what: string) =>
  new AppFailure(
    appError('keychain', `The system keychain could not ${what}. Check that it is unlocked and try again.`),
  );

/**
 * One API key per environment in the OS keychain (service name, account =
 * environment id). Keys are read once and held in this process only, so a
 * list request does not wait on the keychain; nothing outside learns more
 * than whether a key exists.
 */
export class ApiKeys {
  private readonly keys = new Map<EnvironmentId, string>();

  constructor(
    private readonly secrets: SecretStore,
    private readonly service: string,
  ) {}

  /** Reads every environment's key; returns false when the keychain could not be read. */
  async load(): Promise<boolean> {
    try {
      for (const id of ENVIRONMENT_IDS) {
        const key = await this.secrets.getPassword(this.service, id);
        if (key) this.keys.set(id, key);
      }
      return true;
    } catch {
      return false;
    }
  }

  get(environmentId: EnvironmentId): string | undefined {
    return this.keys.get(environmentId);
  }

  has(environmentId: EnvironmentId): boolean {
    return this.keys.has(environmentId);
  }

  /** Every key held, so the logger can take them out of any line. */
  known(): Iterable<string> {
    return this.keys.values();
  }

  async set(environmentId: EnvironmentId, apiKey: string): Promise<void> {
    const parsed = ApiKeyText.safeParse(apiKey);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Not a valid API key';
      throw new AppFailure(appError('invalid_input', message, { fields: { apiKey: message } }));
    }
    try {
      await this.secrets.setPassword(this.service, environmentId, parsed.data);
    } catch {
      throw keychainFailure('save the key');
    }
    this.keys.set(environmentId, parsed.data);
  }

  async clear(environmentId: EnvironmentId): Promise<void> {
    try {
      await this.secrets.deletePassword(this.service, environmentId);
    } catch {
      throw keychainFailure('remove the key');
    }
    this.keys.delete(environmentId);
  }
}
