import { AppFailure, appError, type EnvironmentId } from '../../shared';
import type { ApiKeys } from './api-keys';
import { Connectivity } from './connectivity';
import { PetstoreClient, type PetSchema } from './petstore-client';
import { ServiceFailure } from './service-errors';

interface ServiceCallsOptions {
  fetch: typeof globalThis.fetch;
  appVersion: string;
  timeoutMs?: number;
  now: () => number;
  keys: ApiKeys;
  baseUrl: (environmentId: EnvironmentId) => string;
  /** After any outcome that may have changed connectivity. */
  onOutcome: () => void;
  /** When an outcome brought the app back online. */
  onBackOnline: () => void;
  /** After every answered call: the service is there, so waiting work may go now. */
  onAnswered?: () => void;
  petSchema?: PetSchema;
}

const offline = () =>
  new ServiceFailure(
    appError('unreachable', 'This computer is offline. The app keeps working with what it has saved.'),
    'not_reached',
  );

function rateLimited(waitMs: number): ServiceFailure {
  const wait = Math.ceil(waitMs / 1000);
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
}

/**
 * Every call to the service: one client per environment (made again when its
 * address or key changes), refusal while offline or asked to wait
 * (Retry-After), and connectivity moved by real outcomes.
 */
export class ServiceCalls {
  readonly connectivity = new Connectivity();
  private readonly clients = new Map<EnvironmentId, { baseUrl: string; apiKey: string; client: PetstoreClient }>();
  /** A Retry-After wait holds for the address and key it was asked with; a new address or key lifts it. */
  private readonly waits = new Map<EnvironmentId, { baseUrl: string; apiKey: string; until: number }>();

  constructor(private readonly options: ServiceCallsOptions) {}

  client(environmentId: EnvironmentId): PetstoreClient {
    const { baseUrl, apiKey } = this.credentials(environmentId);
    const known = this.clients.get(environmentId);
    if (known?.baseUrl === baseUrl && known.apiKey === apiKey) return known.client;
    const client = new PetstoreClient({
      fetch: this.options.fetch,
      baseUrl,
      apiKey,
      appVersion: this.options.appVersion,
      timeoutMs: this.options.timeoutMs,
      now: this.options.now,
      petSchema: this.options.petSchema,
    });
    this.clients.set(environmentId, { baseUrl, apiKey, client });
    return client;
  }

  /** Runs `work` with the environment's client unless the app must not send now. */
  async call<T>(environmentId: EnvironmentId, work: (client: PetstoreClient) => Promise<T>): Promise<T> {
    const refused = this.refusal(environmentId);
    if (refused) throw refused;
    try {
      const value = await work(this.client(environmentId));
      // An answer changes the state only when the app was offline; the outbox reports its own changes.
      if (this.connectivity.reportAnswered()) this.options.onBackOnline();
      this.options.onAnswered?.();
      return value;
    } catch (error) {
      if (error instanceof ServiceFailure) this.failed(environmentId, error);
      throw error;
    }
  }

  /** Returns true when this signal brought the app back online. */
  setPlatformOnline(online: boolean): boolean {
    return this.connectivity.setPlatform(online);
  }

  /** The address and the key to send there: only a key entered for that address's origin. */
  private credentials(environmentId: EnvironmentId): { baseUrl: string; apiKey: string } {
    const { keys } = this.options;
    const baseUrl = this.options.baseUrl(environmentId);
    const apiKey = keys.get(environmentId, new URL(baseUrl).origin);
    if (apiKey) return { baseUrl, apiKey };
    const message = keys.has(environmentId)
      ? 'The service address changed since the API key was entered. Enter the key again for the new address in Settings.'
      : 'There is no API key for this environment yet. Enter one in Settings.';
    throw new AppFailure(appError('no_api_key', message));
  }

  private refusal(environmentId: EnvironmentId): ServiceFailure | undefined {
    if (!this.connectivity.platform) return offline();
    const wait = this.waits.get(environmentId);
    if (!wait) return undefined;
    const baseUrl = this.options.baseUrl(environmentId);
    const apiKey = this.options.keys.get(environmentId, new URL(baseUrl).origin);
    const now = this.options.now();
    if (wait.baseUrl !== baseUrl || wait.apiKey !== apiKey || now >= wait.until) {
      this.waits.delete(environmentId);
      return undefined;
    }
    return rateLimited(wait.until - now);
  }

  private failed(environmentId: EnvironmentId, error: ServiceFailure): void {
    const { kind, retryAfterSeconds, status } = error.appError;
    if (kind === 'rate_limited' && retryAfterSeconds !== undefined) {
      const { baseUrl, apiKey } = this.credentials(environmentId);
      this.waits.set(environmentId, { baseUrl, apiKey, until: this.options.now() + retryAfterSeconds * 1000 });
    }
    if (status !== undefined) {
      if (this.connectivity.reportAnswered()) this.options.onBackOnline();
    } else {
      this.connectivity.reportFailure(error.appError);
    }
    this.options.onOutcome();
  }
}
