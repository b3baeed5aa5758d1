import { randomUUID } from 'node:crypto';
import { AppFailure, appError, type EnvironmentId, type ServiceStatus } from '../../shared';
import type { ApiKeys } from './api-keys';
import { Connectivity } from './connectivity';
import { PetstoreClient, type PetSchema } from './petstore-client';
import { httpDate, ServiceFailure } from './service-errors';
import { outcomeOfFailure, serviceStatus, type Outcome } from './service-health';

interface ServiceCallsOptions {
  fetch: typeof globalThis.fetch;
  appVersion: string;
  timeoutMs?: number;
  now: () => number;
  keys: ApiKeys;
  baseUrl: (environmentId: EnvironmentId) => string;
  /** When a request starts or ends: connectivity or the service's health may have changed. */
  onOutcome: () => void;
  /** When an outcome brought the app back online. */
  onBackOnline: () => void;
  /** After every answered call: the environment's service is there, so its waiting work may go now. */
  onAnswered?: (environmentId: EnvironmentId) => void;
  /** A Retry-After wait of the environment ran out: the header's check asks again at once. */
  onWaitOver?: (environmentId: EnvironmentId) => void;
  /** An address's time became known (its first answer in this run, or the first since the counter's clock was stepped). */
  onServiceTime?: () => void;
  petSchema?: PetSchema;
}

interface ClientRecord {
  baseUrl: string;
  apiKey: string;
  client: PetstoreClient;
  underWay: number;
  last: Outcome | undefined;
  /** The last answered call: how long it took, start to end, and when it ended (monotonic); the header's check
   * waits longer for a slow service, until it has been silent too long. */
  answered: LastAnswer | undefined;
}

export interface LastAnswer {
  tookMs: number;
  at: number;
}

/** Every answered call's outcome is this one object, so an unchanged outcome is seen without comparing fields. */
const ANSWERED: Outcome = { health: 'online' };

const offline = () => new ServiceFailure(appError('unreachable', 'offline'), 'not_reached');

function rateLimited(waitMs: number): ServiceFailure {
  const wait = Math.ceil(waitMs / 1000);
  return new ServiceFailure(
    appError('rate_limited', 'asked_to_wait', { retryAfterSeconds: wait, params: { seconds: wait } }),
    'not_reached',
  );
}

/** A Retry-After wait: the key it was asked with, its end on the counter's clock, and the timer that ends it. */
interface Wait {
  apiKey: string;
  until: number;
  ms: number;
  timer: ReturnType<typeof setTimeout>;
}

const waitSlot = (environmentId: EnvironmentId, baseUrl: string) => `${environmentId} ${baseUrl}`;

/** The counter's clock moved this much more or less than the monotonic one since an answer: it was stepped (NTP, a sleep). */
const CLOCK_STEP_MS = 5_000;

/** What an address's answers showed of its clock: service − counter, at that counter time and monotonic tick. */
interface ServiceClock {
  offset: number;
  /** False for a service that sends no Date: its time is taken as the counter's. */
  dated: boolean;
  /** For one that sends none, the stretch of the counter's clock its time was read in (a new one after each step). */
  stretch: string | undefined;
  /** What a cache's Age added to the offset: a cache may count it wrongly (RFC 9111's 2147483648, "too old to count"). */
  ageMs: number;
  at: number;
  tick: number;
}

/**
 * Every call to the service: one client per environment (made again when its
 * address or key changes), refusal while offline or asked to wait
 * (Retry-After), and connectivity moved by real outcomes.
 */
export class ServiceCalls {
  readonly connectivity = new Connectivity();
  /** Per environment: the client for its address and key, and what requests with it showed (a new address or key starts afresh). */
  private readonly clients = new Map<EnvironmentId, ClientRecord>();
  /**
   * Retry-After waits, per environment and address (`waitSlot`): moving the environment elsewhere and back finds the
   * wait still there. Another key lifts it while in use; a wait is dropped by its timer, once it has run out.
   */
  private readonly waits = new Map<string, Wait>();
  /** The address and key a trial last saw answer: stored next, the header says "online", not "not checked yet". */
  private readonly proven = new Map<EnvironmentId, { baseUrl: string; apiKey: string }>();
  /** Per address, its clock as its answers' Date showed it in this run. */
  private readonly clocks = new Map<string, ServiceClock>();
  /** The last address's origin: every call and every header state needs it, and addresses rarely change (parsing it per call was ~3% of a refresh's CPU). */
  private lastOrigin = { baseUrl: '', origin: '' };

  constructor(private readonly options: ServiceCallsOptions) {}

  client(environmentId: EnvironmentId): PetstoreClient {
    return this.record(environmentId).client;
  }

  /** The header's state for an environment. */
  health(environmentId: EnvironmentId): ServiceStatus {
    const { baseUrl, apiKey } = this.current(environmentId);
    const known = this.clients.get(environmentId);
    const current = known?.baseUrl === baseUrl && known.apiKey === apiKey ? known : undefined;
    return serviceStatus({
      platformOnline: this.connectivity.platform,
      hasKey: apiKey !== undefined,
      requestsUnderWay: current?.underWay ?? 0,
      last: current ? current.last : this.provenOutcome(environmentId, baseUrl, apiKey),
      waitUntil: this.heldWait(environmentId, baseUrl, apiKey)?.until,
    });
  }

  private provenOutcome(
    environmentId: EnvironmentId,
    baseUrl: string,
    apiKey: string | undefined,
  ): Outcome | undefined {
    const proven = this.proven.get(environmentId);
    return proven?.baseUrl === baseUrl && proven.apiKey === apiKey ? ANSWERED : undefined;
  }

  private record(environmentId: EnvironmentId): ClientRecord {
    const { baseUrl, apiKey } = this.credentials(environmentId);
    const known = this.clients.get(environmentId);
    if (known?.baseUrl === baseUrl && known.apiKey === apiKey) return known;
    const record: ClientRecord = {
      baseUrl,
      apiKey,
      client: this.newClient(baseUrl, apiKey),
      underWay: 0,
      answered: undefined,
      last: this.provenOutcome(environmentId, baseUrl, apiKey),
    };
    this.clients.set(environmentId, record);
    return record;
  }

  /** Runs `work` with the environment's client unless the app must not send now. `refusedOwn`: the caller knows a
   * refusal with this status for the request's own (a gateway's rule against one animal), so the service answered. */
  async call<T>(
    environmentId: EnvironmentId,
    work: (client: PetstoreClient) => Promise<T>,
    refusedOwn?: (status: number | undefined) => boolean,
  ): Promise<T> {
    const refused = this.refusal(environmentId);
    if (refused) throw refused;
    const record = this.record(environmentId);
    // The header's state counts only whether requests are under way, so it is asked for when the first
    // starts, the last ends, or an outcome differs: not twice for each page a refresh asks ahead.
    let changed = false;
    record.underWay += 1;
    if (record.underWay === 1) this.options.onOutcome();
    const started = performance.now();
    try {
      const value = await work(record.client);
      const at = performance.now();
      record.answered = { tookMs: at - started, at };
      changed = record.last !== ANSWERED;
      record.last = ANSWERED;
      // An answer changes the state only when the app was offline; the outbox reports its own changes.
      if (this.connectivity.reportAnswered()) this.options.onBackOnline();
      this.options.onAnswered?.(environmentId);
      return value;
    } catch (error) {
      changed = true;
      if (error instanceof ServiceFailure) {
        record.last = refusedOwn?.(error.appError.status)
          ? ANSWERED
          : (outcomeOfFailure(error.appError) ?? record.last);
        this.failed(environmentId, record, error);
      }
      throw error;
    } finally {
      record.underWay -= 1;
      if (changed || record.underWay === 0) this.options.onOutcome();
    }
  }

  /** The environment's last answered call with its address and key now, if any. */
  lastAnswer(environmentId: EnvironmentId): LastAnswer | undefined {
    const { baseUrl, apiKey } = this.current(environmentId);
    const known = this.clients.get(environmentId);
    return known?.baseUrl === baseUrl && known.apiKey === apiKey ? known.answered : undefined;
  }

  /** Runs `work` with a key that is not stored yet, against the environment's own address; only its success is remembered. */
  async trial<T>(
    environmentId: EnvironmentId,
    apiKey: string,
    work: (client: PetstoreClient) => Promise<T>,
  ): Promise<T> {
    if (!this.connectivity.platform) throw offline();
    this.options.keys.trying(apiKey);
    const baseUrl = this.options.baseUrl(environmentId);
    const value = await work(this.newClient(baseUrl, apiKey));
    this.proven.set(environmentId, { baseUrl, apiKey });
    return value;
  }

  /**
   * The service's time now: the counter's clock and the offset its last `Date` gave (the counter's own for a service
   * that sends none). Unknown until it answered in this run, and again once the counter's clock was stepped since.
   */
  serviceNow(environmentId: EnvironmentId): number | undefined {
    return this.timeAt(this.options.baseUrl(environmentId));
  }

  /** `serviceNow` less the Age a cache gave its last answer: the earliest the service's time may be. A key's day is
   * counted from when it first left, so that is never put later than the service's Date vouches for. */
  serviceSince(environmentId: EnvironmentId): number | undefined {
    const baseUrl = this.options.baseUrl(environmentId);
    const now = this.timeAt(baseUrl);
    return now === undefined ? undefined : now - (this.clocks.get(baseUrl)?.ageMs ?? 0);
  }

  /**
   * Which clock `serviceNow` reads: undefined for the service's own (its Date), else the counter's in one stretch
   * unbroken by a step, named afresh after each (a time read in another stretch, or on the service's clock, cannot be
   * compared with it: the counter's may have been set back between them).
   */
  counterStretch(environmentId: EnvironmentId): string | undefined {
    return this.clocks.get(this.options.baseUrl(environmentId))?.stretch;
  }

  private timeAt(baseUrl: string): number | undefined {
    const clock = this.clocks.get(baseUrl);
    const now = this.options.now();
    if (!clock || Math.abs(now - clock.at - (performance.now() - clock.tick)) > CLOCK_STEP_MS) return undefined;
    return now + clock.offset;
  }

  /** Any answer, any status: its Date gives the service's time; a missing or unreadable one keeps what was known, as
   * one before 1970 does (a clock reset: the outbox keeps no time before the epoch). An answer a cache kept carries
   * the Date it was first given and its Age (RFC 9111): the service's time now is the two added. */
  private answered(baseUrl: string, headers: Headers): void {
    const date = headers.get('date') ?? '';
    // Past ten digits (some 317 years) an Age is no number the clock can take: none.
    const ageText = headers.get('age') ?? '';
    const age = /^\d{1,10}$/.test(ageText) ? Number(ageText) * 1000 : 0;
    const served = (httpDate(date) ?? NaN) + age;
    const dated = served >= 0;
    const known = this.clocks.get(baseUrl);
    if (!dated && known?.dated) return;
    const unknown = this.timeAt(baseUrl) === undefined;
    const at = this.options.now();
    const stretch = dated ? undefined : (!unknown && known?.stretch) || randomUUID();
    const ageMs = dated ? age : 0;
    this.clocks.set(baseUrl, { offset: dated ? served - at : 0, dated, stretch, ageMs, at, tick: performance.now() });
    if (unknown) this.options.onServiceTime?.();
  }

  /** Returns true when this signal brought the app back online. */
  setPlatformOnline(online: boolean): boolean {
    return this.connectivity.setPlatform(online);
  }

  private newClient(baseUrl: string, apiKey: string): PetstoreClient {
    const { fetch, appVersion, timeoutMs, now, petSchema } = this.options;
    const onHeaders = (headers: Headers) => this.answered(baseUrl, headers);
    return new PetstoreClient({ fetch, baseUrl, apiKey, appVersion, timeoutMs, now, petSchema, onHeaders });
  }

  /** The environment's address now, and the key entered for that address's origin, if there is one. */
  private current(environmentId: EnvironmentId): { baseUrl: string; apiKey: string | undefined } {
    const baseUrl = this.options.baseUrl(environmentId);
    if (this.lastOrigin.baseUrl !== baseUrl) this.lastOrigin = { baseUrl, origin: new URL(baseUrl).origin };
    return { baseUrl, apiKey: this.options.keys.get(environmentId, this.lastOrigin.origin) };
  }

  /** The address and the key to send there: only a key entered for that address's origin. */
  private credentials(environmentId: EnvironmentId): { baseUrl: string; apiKey: string } {
    const { baseUrl, apiKey } = this.current(environmentId);
    if (apiKey) return { baseUrl, apiKey };
    throw new AppFailure(
      appError('no_api_key', this.options.keys.has(environmentId) ? 'key_for_old_address' : 'no_key'),
    );
  }

  private refusal(environmentId: EnvironmentId): ServiceFailure | undefined {
    if (!this.connectivity.platform) return offline();
    if (this.waits.size === 0) return undefined;
    const { baseUrl, apiKey } = this.current(environmentId);
    const wait = this.heldWait(environmentId, baseUrl, apiKey);
    return wait && rateLimited(wait.until - this.options.now());
  }

  /** The wait that holds now for the environment's address and key, if any (its timer drops it, and tells its end). */
  private heldWait(environmentId: EnvironmentId, baseUrl: string, apiKey: string | undefined): Wait | undefined {
    if (this.waits.size === 0) return undefined;
    const wait = this.waits.get(waitSlot(environmentId, baseUrl));
    if (!wait) return undefined;
    const now = this.options.now();
    // A wait longer than the service asked for: the clock was set back since, and the wait is over.
    if (now >= wait.until || wait.until - now > wait.ms) return undefined;
    return wait.apiKey === apiKey ? wait : undefined;
  }

  private endWait(slot: string, wait: Wait): void {
    clearTimeout(wait.timer);
    if (this.waits.get(slot) === wait) this.waits.delete(slot);
  }

  /** No wait's end is told any more (the app closes). */
  stop(): void {
    for (const [slot, wait] of this.waits) this.endWait(slot, wait);
  }

  /**
   * The wait is held for the address and key the request went with, even if the key changed meanwhile. What was
   * known of the service is as old as the wait once it ends: the check at its end decides, not the answer before it.
   */
  private failed(environmentId: EnvironmentId, record: ClientRecord, error: ServiceFailure): void {
    const { baseUrl, apiKey } = record;
    const { kind, retryAfterSeconds, status } = error.appError;
    if (kind === 'rate_limited' && retryAfterSeconds !== undefined) {
      const ms = retryAfterSeconds * 1000;
      const slot = waitSlot(environmentId, baseUrl);
      const before = this.waits.get(slot);
      if (before) this.endWait(slot, before);
      // Its end is the timer's (the monotonic clock), whatever the counter's clock does meanwhile.
      const timer = setTimeout(() => {
        this.endWait(slot, wait);
        this.options.onWaitOver?.(environmentId);
      }, ms);
      const wait: Wait = { apiKey, until: this.options.now() + ms, ms, timer };
      this.waits.set(slot, wait);
      record.last = undefined;
    }
    if (status !== undefined) {
      if (this.connectivity.reportAnswered()) this.options.onBackOnline();
    } else {
      this.connectivity.reportFailure(error.appError);
    }
  }
}
