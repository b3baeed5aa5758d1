/** The outbox's stored record and its pure transitions: what is sent, when, and what waits for the clerk. */
import { z } from 'zod';
import { AppFailure, OutboxItem, Pet, appError } from '../../../shared';
import type { AppError, EnvironmentId, NewPet } from '../../../shared';
import { checkedAs } from '../../../shared/fold';
import { ServiceFailure, httpDate, type Reach } from '../service-errors';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SENT_KEPT_MS = 7 * DAY_MS;
export const BACKOFF_MAX_MS = 10_000;
export const MAX_OWN_FAILURES = 3;
/** Where a service does not say how long it keeps a key (docs/service-contract.md). */
export const DEFAULT_KEY_LIFETIME_MS = DAY_MS;
/** A resend must arrive while the service still knows the key: the request's way there, and Date's whole seconds. */
const KEY_LIFETIME_MARGIN_MS = 60_000;
export const BATCH_WINDOW_MS = KEY_LIFETIME_MARGIN_MS / 2;

/** One animal as stored: the clerk's view (the view only ever gains optional fields) with the sending facts. */
export const OutboxRecord = OutboxItem.omit({ state: true, check: true }).extend({
  key: z.uuid(),
  state: z.enum(['queued', 'sending', 'sent', 'rejected', 'needs_check']),
  /** When this key first left, by the service's clock: once the service forgets it, a resend is a new animal. */
  firstSentAt: OutboxItem.shape.sentAt,
  /** Set where that time was the counter's (a service that sends no Date): the stretch of its clock it was read in. */
  firstSentStretch: z.string().optional(),
  /** Failures that were its own: errors its service answered for it (a 403 too, where its key has added animals). */
  ownFailures: z.int().nonnegative(),
  /** A request for it may have reached the service (so a changed animal needs a new key and the clerk's word). */
  reached: z.boolean(),
  /** Where its requests go: the address and a digest of the key (`target`), taken at each send. */
  sentTo: z.string().optional(),
  /** The ids of the animals of its name and category listed as it left: none is it, so its check offers none. */
  known: z.array(z.string()).optional(),
  /** `known` is not from a read as it left (offline, a failing list): its check may show another counter's. */
  knownStale: z.literal(true).optional(),
  /** Sent on the clerk's word ("It was created": any of its rows would do), not on the service's answer. */
  confirmed: z.literal(true).optional(),
  /** The row a success to its own request named under another name or category (a service keeping names otherwise):
   * offered at its check whatever its name, as nothing proved it another animal's. */
  answered: z.optional(Pet.shape.id),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

/** What a service proved about keys, per environment and address. `keyLifetimeMs` 0: stated, but unusably; `thisRun`:
 * proved in this run (at start: in the last); `dated`: that answer had a Date (else the counter's clock stood in). */
export const ServiceFacts = z.object({
  honours: z.boolean(),
  keyLifetimeMs: z.int().nonnegative().optional(),
  thisRun: z.boolean().optional(),
  dated: z.boolean().optional(),
  /** A success in this run came back without its key: a gateway whose backends differ may drop it on any add, so no
   * later echo in this run proves a resend safe. */
  keysDropped: z.literal(true).optional(),
});
export type ServiceFacts = z.infer<typeof ServiceFacts>;
export const Services = z.record(z.string(), ServiceFacts);
export type Services = z.infer<typeof Services>;

type Items = readonly OutboxRecord[];
export type Answer = { status: number; headers: Headers };
/** `lineDown`: the next animal failed too, so this failure was the service's (down, or a gateway), not its own. */
export type Failure = { error: AppError; reach: Reach; lineDown?: boolean; answered?: string };
/** Refused at the door (no connection, no such address, the counter offline): the line is down, whatever the animal. */
export const refusedAtDoor = (failure?: Failure): boolean =>
  failure?.reach === 'not_reached' && failure.error.kind === 'unreachable';
/** What the catalogue listed of an add's name and category as it left. */
export type Listing = Pick<OutboxRecord, 'known' | 'knownStale'>;
/** What its check's rows are matched against: that listing, and the row its answer named (`answered`). */
export type Checked = Listing & Pick<OutboxRecord, 'answered'>;
type NewRecord = Pick<OutboxRecord, 'id' | 'key' | 'environmentId' | 'pet'> & Listing;
type Facts = (environmentId: EnvironmentId) => ServiceFacts | undefined;
type CanSend = (item: OutboxRecord) => boolean;

const ok = (status: number) => status >= 200 && status < 300;
const success = (answer?: Answer): answer is Answer => answer !== undefined && ok(answer.status);

/** A success that does not echo the key sent: keys are not honoured there (an error proves nothing, below). */
export const keyNotEchoed = (key: string, answer?: Answer): boolean =>
  success(answer) && answer.headers.get('idempotency-key') !== key;

/** Only a success proves anything: an error may be a gateway echoing the headers. Unstated, the earlier lifetime holds
 * up to the default (the service may have changed); stated unusably (0, "10m", "3600, 3600"), it is 0: none is safe. */
export function learn(services: Services, slot: string, key: string, answer?: Answer): Services {
  if (!success(answer)) return services;
  const { keyLifetimeMs, keysDropped } = services[slot] ?? {};
  if (keysDropped) return services;
  if (keyNotEchoed(key, answer)) return { ...services, [slot]: { honours: false, keyLifetimeMs, keysDropped: true } };
  const stated = answer.headers.get('idempotency-key-lifetime');
  const earlier = keyLifetimeMs === undefined ? undefined : Math.min(keyLifetimeMs, DEFAULT_KEY_LIFETIME_MS);
  const statedMs = /^\d+$/.test(stated ?? '') ? Number(stated) * 1000 : 0;
  const lifetime = stated === null ? earlier : Math.min(statedMs, Number.MAX_SAFE_INTEGER);
  // As the service's clock is read: a Date before 1970 tells nothing.
  const dated = (httpDate(answer.headers.get('date') ?? '') ?? -1) >= 0;
  return { ...services, [slot]: { honours: true, keyLifetimeMs: lifetime, thisRun: true, dated } };
}

/** Keys are resent unasked only on proof from this run: the proof is the gateway's too, and one replaced while the app
 * was closed may drop keys (each resend a second animal). */
export const relied = (facts: ServiceFacts | undefined): boolean => facts?.honours === true && facts.thisRun === true;

/** A run starts: what earlier runs proved is kept (a key's lifetime) but not relied on. */
export const newRun = <T extends { services: Services }>(contents: T): T => {
  const earlier = Object.entries(contents.services).map(
    ([slot, { thisRun: _, keysDropped: _d, ...facts }]) => [slot, facts] as const,
  );
  return { ...contents, services: Object.fromEntries(earlier) };
};

export const backoffMs = (attempts: number): number => Math.min(BACKOFF_MAX_MS, 1_000 * 2 ** Math.max(0, attempts - 1));

export function newRecord(fields: NewRecord, now: number): OutboxRecord {
  return { ...fields, state: 'queued', createdAt: now, attempts: 0, ownFailures: 0, reached: false };
}

export const keyRefused = (status: number | undefined) => status === 401 || status === 403;

/** Still waiting for the service to be reachable, not for an answer of its own. */
export const heldForService = (item: OutboxRecord, now: number) =>
  item.state === 'queued' && (item.nextAttemptAt ?? 0) > now && item.lastError?.status === undefined;

/** Waiting for its environment's key to be put right (401, or a 403 where the key never added an animal). */
export const heldForKey = (item: OutboxRecord) => item.state === 'queued' && item.lastError?.reason === 'key_refused';

/** Due once its wait is over, or longer than any given (back-off, Retry-After): the clock was set back. */
export function due(item: OutboxRecord, now: number): boolean {
  const wait = (item.nextAttemptAt ?? 0) - now;
  const longest = Math.max(BACKOFF_MAX_MS, (item.lastError?.retryAfterSeconds ?? 0) * 1000);
  return item.state === 'queued' && (wait <= 0 || wait > longest);
}

/** The item with this id changed; a change to `undefined` removes it. */
export function update(items: Items, id: string, change: (item: OutboxRecord) => OutboxRecord | undefined) {
  const index = items.findIndex((item) => item.id === id);
  const item = items[index];
  if (!item) return [...items];
  const changed = change(item);
  return changed ? items.with(index, changed) : items.toSpliced(index, 1);
}

/** Counted in one pass as each write lands, as the header asks at every call's outcome and a service's answer resumes
 * what waited for it: each environment's counts, `unsent` of all for the quit warning, and those that may wait for
 * their service (`heldForService` at some time). */
export function tally(items: Items) {
  const counts = new Map<EnvironmentId, { sending: number; waiting: number; toCheck: number }>();
  const held: OutboxRecord[] = [];
  let unsent = 0;
  for (const item of items) {
    if (item.state === 'sent') continue;
    unsent += 1;
    const count = counts.get(item.environmentId) ?? { sending: 0, waiting: 0, toCheck: 0 };
    counts.set(item.environmentId, count);
    if (item.state === 'sending') count.sending += 1;
    else if (item.state === 'queued') count.waiting += 1;
    else count.toCheck += 1;
    if (heldForService(item, -Infinity)) held.push(item);
  }
  return { counts, held, unsent };
}

/** How long until an animal can be sent. One due that cannot go (offline, no key) is looked at again after the longest
 * back-off, not holding back another due sooner. */
export function nextWake(items: Items, now: number, canSend: CanSend): number {
  let wait = Infinity;
  for (const item of items) {
    if (due(item, now)) wait = Math.min(wait, canSend(item) ? 0 : BACKOFF_MAX_MS);
    else if (item.state === 'queued') wait = Math.min(wait, (item.nextAttemptAt ?? 0) - now);
  }
  return wait;
}

/** The oldest due animal; where keys are relied on (a crash resends them), with its environment's other due ones. */
export function dueBatch(items: Items, now: number, canSend: CanSend, facts: Facts, alone: (id: string) => boolean) {
  const ready = (item: OutboxRecord) => due(item, now) && canSend(item);
  const first = items.find(ready);
  if (!first) return [];
  // Those of its environment waiting only for its service go too, oldest first (an outage's newest, tried least, falls
  // due first); one backing off alone keeps its own wait.
  const goes = (item: OutboxRecord) =>
    item.environmentId === first.environmentId &&
    (ready(item) || (heldForService(item, now) && !alone(item.id) && canSend(item)));
  if (relied(facts(first.environmentId))) return items.filter(goes);
  return [items.find(goes) ?? first];
}

/** Left for the clerk's check: it waits for nothing else. */
const atCheck = (item: OutboxRecord): OutboxRecord => ({ ...item, state: 'needs_check', nextAttemptAt: undefined });

/** By the service's time `now`, a key first sent then may be forgotten (a resend must arrive while it is kept). */
const keyForgotten = (firstSentAt: number, facts: ServiceFacts | undefined, now: number) =>
  facts?.keyLifetimeMs === 0 ||
  now >= firstSentAt + (facts?.keyLifetimeMs ?? DEFAULT_KEY_LIFETIME_MS) - KEY_LIFETIME_MARGIN_MS;

/** Where a try or resend would go: its service's facts, its target (address and key), the service's time (unknown
 * until told), the stretch of the counter's clock that time is read on (if not the service's own), and `since`: the
 * earliest the service's time may be (no cache's Age counted), taken as a first send's time. */
export type Press = {
  facts: ServiceFacts | undefined;
  to: string;
  serviceNow: number | undefined;
  stretch?: string;
  since?: number;
};

/** Its first key still answers for it there: same target and clock, keys honoured as last proved (relied on when the
 * resend was queued, or at start), and not forgotten (unknown while the service's time is). */
const keyKept = (item: OutboxRecord, { facts, to, serviceNow, stretch }: Press): boolean =>
  item.sentTo === to &&
  facts?.honours === true &&
  (serviceNow === undefined ||
    (item.firstSentStretch === stretch && !keyForgotten(item.firstSentAt ?? 0, facts, serviceNow)));

/** Marked before its request leaves. One that may exist is resent only where its key is kept (a success since it was
 * queued may have proved keys dropped), else the clerk checks; it waits while its service's time is unknown. */
export function sending(item: OutboxRecord, press: Press): OutboxRecord {
  // The clerk may have moved it since the batch was chosen.
  if (item.state !== 'queued') return item;
  const { to, serviceNow, stretch, since = serviceNow } = press;
  // One a request may have created: its key's life started then.
  const firstSentAt = item.reached ? item.firstSentAt : undefined;
  if (firstSentAt !== undefined) {
    if (serviceNow === undefined) return item;
    if (!keyKept(item, press)) return atCheck(item);
  }
  // A first send while the service's time was unknown counts as the epoch: older than any key lifetime.
  const sent = { firstSentAt: firstSentAt ?? since ?? 0, firstSentStretch: stretch, sentTo: to };
  return { ...item, ...sent, state: 'sending', attempts: item.attempts + 1, nextAttemptAt: undefined };
}

/** The address part of `sentTo` (an address holds no space: a URL's are encoded). */
export const sentAddress = ({ sentTo = '' }: OutboxRecord): string => sentTo.slice(0, sentTo.lastIndexOf(' '));

type Lapsed = (outboxId: string) => boolean;

/** The row `one` (not `except`) was sent as at `address`, unless its claim lapsed (the catalogue took it, lost it). */
const claimOf = (one: OutboxRecord, except: string, address: string, lapsed: Lapsed): string | undefined =>
  one.id !== except && sentAddress(one) === address && !lapsed(one.id) ? one.created?.id : undefined;

/** A success answering for another animal (a gateway replaying a stored answer), so the clerk checks: `proven` where
 * another key is echoed, the row was listed just before it left, or another add of this counter claims it; `renamed`
 * where only its name or category differ (a service keeping them otherwise): its check offers that row. */
export function answersAnother(
  item: OutboxRecord,
  created: Pet,
  echoed: string | null,
  { items, address, lapsed }: { items: Items; address: string; lapsed: Lapsed },
): 'proven' | 'renamed' | undefined {
  const asSent = checkedAs(item.pet);
  if (echoed !== null && echoed !== item.key) return 'proven';
  // Not where that list was stale: a shop restored from a backup since may give its id again.
  if (!item.knownStale && item.known?.includes(created.id)) return 'proven';
  // A claim on the clerk's word alone yields to this answer (`answerWins`); one of another name is a shop restored from
  // a backup giving its id again.
  const replayed = (one: OutboxRecord) => !one.confirmed && checkedAs(one.pet) === asSent;
  const claims = (one: OutboxRecord) => claimOf(one, item.id, address, lapsed) === created.id;
  if (items.some((one) => claims(one) && replayed(one))) return 'proven';
  return checkedAs(created) === asSent ? undefined : 'renamed';
}

export function sent(item: OutboxRecord, created: Pet | undefined, now: number): OutboxRecord {
  // What a check compares is of no use once sent (and kept a week).
  const done = { state: 'sent', reached: true, sentAt: now, created } as const;
  const checked = { matches: undefined, known: undefined, knownStale: undefined, answered: undefined };
  return { ...item, ...done, ...checked, lastError: undefined };
}

export function asFailure(error: unknown): ServiceFailure {
  if (error instanceof ServiceFailure) return error;
  // Thrown before any request (no key, keychain): provably never sent. Anything unknown: the clerk checks.
  if (error instanceof AppFailure) return new ServiceFailure(error.appError, 'not_reached');
  return new ServiceFailure(appError('internal', 'send_failed'), 'ambiguous');
}

/** A 403 once this key has added animals here (`keyAdds`) refused the animal (a gateway's rule), not the key. */
export const refusedAnimal = (status: number | undefined, keyAdds: boolean): boolean => status === 403 && keyAdds;

/** Refused for good, tried again where provably not created or the key is honoured, else the clerk checks. */
export function failed(
  item: OutboxRecord,
  failure: Failure,
  honoured: boolean,
  now: number,
  keyAdds = false,
): OutboxRecord {
  const { reach } = failure;
  // 0: no answer came.
  const { status = 0 } = failure.error;
  const ownRefusal = refusedAnimal(status, keyAdds);
  const lastError = ownRefusal
    ? ({ ...failure.error, kind: 'invalid_input', reason: 'values_refused' } as const)
    : failure.error;
  // 409: the key is still being worked on; 429: come back later; 401/403: not created.
  const notCreated = reach === 'not_reached' || status === 409 || status === 429 || keyRefused(status);
  const keyProblem = keyRefused(status) && !ownRefusal;
  const ownFailures = item.ownFailures + (status > 0 && status !== 429 && !keyProblem && !failure.lineDown ? 1 : 0);
  const answered = failure.answered ?? item.answered;
  const after: OutboxRecord = { ...item, reached: item.reached || !notCreated, lastError, ownFailures, answered };
  // Any other 4xx refused this request only (a gateway may refuse a resend): an earlier one may have created it.
  if (reach === 'answered' && status >= 400 && status < 500 && !notCreated) {
    return { ...after, state: item.reached ? 'needs_check' : 'rejected' };
  }
  // A success whose answer could not be read: created, and only the clerk can tell which row it is.
  if (ok(status) || (!notCreated && !honoured)) return { ...after, state: 'needs_check' };
  // Given up: one a request may have reached (a 5xx proves nothing either way) waits for the clerk's check.
  if (ownFailures >= MAX_OWN_FAILURES) return { ...after, state: after.reached ? 'needs_check' : 'rejected' };
  const wait = Math.max((lastError.retryAfterSeconds ?? 0) * 1000, backoffMs(item.attempts));
  return { ...after, state: 'queued', nextAttemptAt: now + wait };
}

/** An environment's failures in a row, and the animal that failed last. */
export type FailuresInRow = { count: number; last?: string };

/** Two different animals failing in a row mean the service is down; one failing again alone backs off alone. */
export const countFailure = (row: FailuresInRow, id: string, sent: boolean): FailuresInRow =>
  sent ? { count: 0 } : row.last === id ? row : { count: row.count + 1, last: id };

/** An animal whose last try alone got no answer: where it went, how many of its unanswered tries are proven its own
 * (another add answered there before and after), and whether its last waits for that proof. */
export type Alone = { target: string; proven: number; waiting: boolean };
type AllAlone = ReadonlyMap<string, Alone>;

/** The service itself took or refused an add: a 5xx or a 429 may be a gateway's, with the service down behind it. */
export const tookAdd = (created: boolean, status: number | undefined): boolean =>
  created || (status !== undefined && status < 500 && status !== 429);

/**
 * A try of `id` at `target` ended. `answered` proves the waiting failures there were their own; unanswered, the line is
 * unsteady and their counts start again. `id` joins when it got no answer; its try waits for proof only where another
 * add there was answered since it was marked (`answeredBefore`), else its count starts again: an outage may have ended.
 */
export function afterTry(
  alone: AllAlone,
  id: string,
  target: string,
  answered: boolean,
  joins: boolean,
  answeredBefore: boolean,
) {
  const next = new Map(alone);
  for (const [other, one] of alone) {
    if (other === id || one.target !== target) continue;
    next.set(other, { target, proven: answered ? one.proven + Number(one.waiting) : 0, waiting: false });
  }
  const own = alone.get(id);
  const proven = own?.target === target && answeredBefore ? own.proven : 0;
  if (joins) next.set(id, { target, proven, waiting: answeredBefore });
  else next.delete(id);
  return next;
}

/** A batch stopped before these were tried: they wait until then, with the line (`down`: two in a row failed). */
export const holdBack = (items: Items, unsent: ReadonlySet<string>, until: number, down?: EnvironmentId) =>
  items.map((item): OutboxRecord => {
    if (unsent.has(item.id)) return { ...item, state: 'queued', attempts: item.attempts - 1, nextAttemptAt: until };
    const inLine = item.state === 'queued' && item.environmentId === down;
    return inLine && (item.nextAttemptAt ?? 0) < until ? { ...item, nextAttemptAt: until } : item;
  });

/** What they waited for came (the service, a key): those that `waited` for it go now. */
export const makeDueNow = (items: Items, now: number, waited: (item: OutboxRecord) => boolean): OutboxRecord[] =>
  items.map((item) => (waited(item) ? { ...item, nextAttemptAt: now } : item));

/** Where an animal went, and its name and category as the check matches rows. */
const checkedAt = (item: OutboxRecord) => `${sentAddress(item)} ${checkedAs(item.pet)}`;

/** At start, one in doubt (an interrupted send, a resend waiting) is resent on the last run's proof where its service
 * dated its answers; else the clerk checks (the counter's clock, perhaps set while closed, dated its key). */
export function restart(items: Items, facts: Facts, now: number): OutboxRecord[] {
  // Week-old sent items go, unless an unsent one of its name and category there may be checked: its claim keeps its row
  // from that check.
  const unsent = new Set(items.filter((item) => item.state !== 'sent').map(checkedAt));
  const recent = (item: OutboxRecord) => (item.sentAt ?? item.createdAt) > now - SENT_KEPT_MS;
  const kept = items.filter((item) => item.state !== 'sent' || recent(item) || unsent.has(checkedAt(item)));
  const recovered = kept.map((item): OutboxRecord => {
    // Rows looked up for a check in an earlier run are looked up again.
    if (item.state === 'needs_check') return { ...item, matches: undefined };
    if (item.state !== 'sending' && !mayExist(item)) return item;
    const resent = { ...item, state: 'queued', reached: true } as const;
    const proof = facts(item.environmentId);
    return relied(proof) && proof?.dated === true ? resent : atCheck(resent);
  });
  return makeDueNow(recovered, now, (item) => heldForService(item, now) || heldForKey(item));
}

const editable = (item: OutboxRecord): boolean => item.state !== 'sending' && item.state !== 'sent';

/** A request may have created it and the clerk has not checked: waiting for a resend after no answer or a 5xx. */
export const mayExist = (item: OutboxRecord): boolean => item.reached && item.state === 'queued';

/** At the check, the service's rows that may be it are not looked up yet (its service down): a word now is blind. */
export const notLookedUp = (item: OutboxRecord): boolean => item.state === 'needs_check' && !item.matches;

/** To go at once, its own failures counted afresh. */
const queuedAgain = (item: OutboxRecord, now: number): OutboxRecord => ({
  ...item,
  state: 'queued',
  nextAttemptAt: now,
  matches: undefined,
  ownFailures: 0,
});

/** "Send now" / "Send again": always the same key. A new one is never safer: a service that forgot the key creates the
 * animal, as the clerk asked; one that keeps it answers the first. */
export function sendAgain(item: OutboxRecord, now: number, press: Press): OutboxRecord {
  if (!editable(item)) return item;
  const again = queuedAgain(item, now);
  // Never created by any request: as new, so a refusal of the next is the animal's.
  if (!item.reached || item.state === 'rejected') return { ...again, firstSentAt: undefined, reached: false };
  // Still in doubt: it keeps its age, and `sending` sends it to the check once the key may be gone.
  if (mayExist(item)) return again;
  // At the check, one whose key may not answer for it (or its first send's time unknown: 0) starts its age again, or
  // `sending` would send the clerk back to the check for ever.
  return item.firstSentAt && keyKept(item, press) ? again : { ...again, firstSentAt: undefined };
}

/** Asked to change an animal that may exist: the clerk checks first, or a changed copy would be a second animal. */
export const toCheck = (item: OutboxRecord): OutboxRecord =>
  mayExist(item) ? { ...atCheck(item), matches: undefined } : item;

/** A changed animal. One a request may have reached gets a new key: the same key with another body is refused (422). */
export function edit(item: OutboxRecord, pet: NewPet, newKey: string, now: number, listing: Listing = {}) {
  if (!editable(item) || mayExist(item)) return item;
  const key = item.reached ? newKey : item.key;
  const { known, knownStale } = listing;
  const changed = { pet, known, knownStale, key, reached: false, firstSentAt: undefined, lastError: undefined };
  return { ...queuedAgain(item, now), ...changed, answered: undefined };
}

/** Its matching rows less those another add of this counter claims: one row is never two animals. A lapsed claim
 * hides nothing: a shop restored from a backup gives that id to another animal, and hiding it would send one twice. */
export function unclaimed(item: OutboxRecord, items: Items, lapsed: Lapsed): OutboxRecord {
  // Only one at the check has rows: the others are not compared with every record.
  if (!item.matches?.pets.length) return item;
  const at = sentAddress(item);
  const claimed = new Set(items.map((one) => claimOf(one, item.id, at, lapsed)));
  const pets = item.matches.pets.filter((pet) => !claimed.has(pet.id));
  return pets.length < item.matches.pets.length ? { ...item, matches: { ...item.matches, pets } } : item;
}

/** The clerk saw it on the service: it claims one of its unclaimed rows (any will do; the oldest), so the next in doubt
 * is offered one fewer. Where another add claimed them all since the clerk's screen, the check says so first. */
export function confirmCreated(item: OutboxRecord, items: Items, now: number, lapsed: Lapsed): OutboxRecord {
  if (item.state !== 'needs_check') return item;
  const checked = unclaimed(item, items, lapsed);
  const pets = checked.matches?.pets ?? [];
  if (checked !== item && pets.length === 0) return checked;
  // What it was checked against stays: an answer naming its row sends it back to the check (`answerWins`).
  return { ...sent(item, pets.at(-1), now), confirmed: true, known: item.known, knownStale: item.knownStale };
}

/** An add's answer named its row: another add confirmed as that row on the clerk's word alone was not it, and goes
 * back to the check. `holders`: those of `items` whose `created` may be that row (default: all). */
export function answerWins(items: OutboxRecord[], answered: OutboxRecord, holders: Items = items): OutboxRecord[] {
  const row = answered.state === 'sent' && !answered.confirmed ? answered.created : undefined;
  if (!row) return items;
  // Its claim counts though the catalogue lost its animal since.
  const taken = (one: OutboxRecord) =>
    one.confirmed === true && claimOf(one, answered.id, sentAddress(answered), () => false) === row.id;
  const unsent = { state: 'needs_check', confirmed: undefined, created: undefined, sentAt: undefined } as const;
  return holders.filter(taken).reduce((all, one) => update(all, one.id, (held) => ({ ...held, ...unsent })), items);
}

/** Never one being tried, nor one sent: the service holds it. */
export const discard = (item: OutboxRecord): OutboxRecord | undefined => (editable(item) ? undefined : item);

/** What the screens see: the view's fields only, so the key and every sending fact stay in the main process. */
const VIEWED = Object.keys(OutboxItem.shape).filter((key) => key in OutboxRecord.shape) as (keyof OutboxRecord)[];
export function toView(record: OutboxRecord): OutboxItem {
  const fields = VIEWED.filter((key) => key in record).map((key) => [key, record[key]]);
  const view = Object.fromEntries(fields) as Omit<OutboxItem, 'state' | 'check'>;
  const { state } = record;
  if (state === 'needs_check' || state === 'rejected') return { ...view, state: 'needs_attention', check: state };
  return { ...view, state };
}
