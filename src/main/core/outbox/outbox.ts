/** Every add, made durable: sent when due, each change acted on only once the file holds it. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppFailure, appError, type AppNotice, type CreateOutcome, type EnvironmentId } from '../../../shared';
import type { NewPet, OutboxItem, OutboxSnapshot, Pet } from '../../../shared';
import { fileNotSavedNotice } from '../document-writer';
import type { Logger } from '../logger';
import type { ServiceCalls } from '../service-calls';
import { ServiceFailure } from '../service-errors';
import type { OutboxContents, OutboxFile } from './file';
import * as machine from './machine';

type OutboxRecord = machine.OutboxRecord;
type Matches = NonNullable<OutboxRecord['matches']>;
type Change = (contents: OutboxContents) => OutboxContents;
type ItemsChange = (items: OutboxRecord[]) => OutboxRecord[];
function ofItems(change: ItemsChange): Change {
  return (contents) => ({ ...contents, items: change(contents.items) });
}
const OUTCOMES_WRITTEN_EVERY_MS = 100;

interface OutboxOptions {
  file: OutboxFile;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  /** The file changed; `sent` are the animals this change sent. */
  onChange: (sent: readonly OutboxRecord[]) => void;
  /** Sends one item with its key; `onAnswer` sees any answer's headers; `refusedAnimal` tells a refusal of the animal
   * itself from one of the key (the header's state must not say the key was refused). */
  send: (
    item: OutboxRecord,
    onAnswer: (headers: Headers, status: number) => void,
    refusedAnimal: (status: number | undefined) => boolean,
  ) => Promise<Pet>;
  /** What a service does with keys is learnt per environment and address. */
  address: (environmentId: EnvironmentId) => string;
  /** A digest of the environment's key now: an animal that may exist goes to no other address or key. */
  credential: (environmentId: EnvironmentId) => string;
  /** False while an environment cannot be sent to at all (platform offline, no key). */
  canSend: (environmentId: EnvironmentId) => boolean;
  /** The service's clock as this run read it: its time now (unknown until told in this run: a key's age is judged by
   * it), the earliest it may be (no cache's Age counted: when a key first leaves), the stretch of the counter's clock it
   * is read on (undefined: the service's own), and when (monotonic) it last answered a call at its address and key. */
  service: Pick<ServiceCalls, 'serviceNow' | 'serviceSince' | 'counterStretch' | 'lastAnswer'>;
  /** Asks an environment's service for its time (one row), for an animal that waits for it. */
  askTime: (environmentId: EnvironmentId) => void;
  /** The service's animals that may be this one, for the clerk's check, and whether they are from the whole shop. */
  findMatches: (item: OutboxRecord) => Promise<Matches>;
  /** The animals of each name and category the service lists now, one listing per `pets`: none of them is an add made
   * now (`refresh`: read afresh unless just read). Asked as adds go out (made, changed, or first marked): a lapsed claim
   * of their names and categories revives no more. */
  listed: (environmentId: EnvironmentId, pets: readonly NewPet[], refresh: boolean) => Promise<machine.Listing[]>;
  /** Whether the catalogue took this sent item's animal in and lost it since: its id no longer claims a row. */
  lapsed: (outboxId: string) => boolean;
}

export class Outbox {
  /** Exactly what the file holds, and its tally (`machine.tally`), taken as it is set. */
  private contents: OutboxContents;
  private tally: ReturnType<typeof machine.tally>;
  /** Changes waiting to be written together; those with `reject` are refused when their write fails. */
  private queue: Array<{ changes: Change[]; resolve: () => void; reject?: (error: Error) => void }> = [];
  private writing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  /** Direct adds and match look-ups under way: closing waits for them. */
  private readonly underWay = new Set<Promise<unknown>>();
  /** Animals whose matching rows are being looked up, then `landing`: on their way to the disk (rows fresher than
   * theirs are written after them). */
  private readonly lookUps = new Map<string, 'looking' | 'landing'>();
  /** A look-up found no fresh list (the service down) or only part of one (`unread`): the next answer from the service
   * starts it again. */
  private lookAgain = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Animals whose last try got no answer, on its own (their line was not down): they keep their own back-off, and
   * go to the clerk's check once `MAX_OWN_FAILURES` tries are proven their own (one with no other adds around, never).
   * In memory: a restart costs at most as many resends more, each with a key the service honours. */
  private backingOff = new Map<string, machine.Alone>();
  /** When (monotonic) the service last took or refused an add at each address and key, with no unanswered one since. */
  private readonly answeredAt = new Map<string, number>();
  /** Where (address and key) an animal was created in this run: a 403 there refused the animal, not the key. */
  private readonly keyAdds = new Set<string>();
  /** Writes fail one after another (a full disk): the clerk is told once, not at each try. */
  private writesFailing = false;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    this.contents = options.file.load();
    this.tally = machine.tally(this.contents.items);
    // Those waiting for the check are looked up afresh once the core is up.
    const restarted = ofItems((items) => machine.restart(items, this.facts, options.now()));
    void this.write(false, restarted, machine.newRun).then(() => this.lookForMatches(this.contents.items));
  }

  /** What the screens show: an animal sent to an address its environment has left since is another shop's; one at the
   * check says so (its rows are the address's now, and "Send again" adds it there as a new animal). */
  snapshot(): OutboxSnapshot {
    const left = (item: OutboxRecord) =>
      item.sentTo !== undefined && machine.sentAddress(item) !== this.options.address(item.environmentId);
    const { items } = this.contents;
    const view = (item: OutboxRecord) => {
      const shown = machine.toView(machine.unclaimed(item, items, this.options.lapsed));
      return item.state === 'needs_check' && left(item) ? { ...shown, sentElsewhere: true as const } : shown;
    };
    return { items: items.filter((item) => item.state !== 'sent' || !left(item)).map(view) };
  }

  /** The animals it holds as sent (for a week). */
  sent(): OutboxRecord[] {
    return this.contents.items.filter((item) => item.state === 'sent');
  }

  /** The header's counts for the environment in use, and `unsent` of all for the quit warning. */
  summary(environmentId: EnvironmentId) {
    const { counts, unsent } = this.tally;
    return { sending: 0, waiting: 0, toCheck: 0, ...counts.get(environmentId), unsent };
  }

  /** Every add: on disk as `sending`, then sent; an unsure outcome stays in the outbox with its key. */
  add(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    return this.track(async (): Promise<CreateOutcome> => {
      const [listing] = await this.listed(environmentId, [pet]);
      const fields = { id: randomUUID(), key: randomUUID(), environmentId, pet, ...listing };
      const item = machine.newRecord(fields, this.options.now());
      const press = this.press(environmentId, undefined);
      await this.save((items) => [...items, machine.sending(item, press)]);
      // Settings moved the environment while the mark was written: never sent, it goes with the drain, marked afresh.
      if (this.target(environmentId) !== press.to) {
        await this.record((items) => machine.holdBack(items, new Set([item.id]), this.options.now()));
        return { outcome: 'queued', item: machine.toView(this.stored(item.id) ?? item) };
      }
      const { created, outcome } = await this.sendOne(item);
      await this.write(false, outcome());
      const after = this.stored(item.id) ?? item;
      // An answer for another animal leaves it to the clerk's check (a disk refusing the outcome leaves it `sending`).
      if (created && after.state !== 'needs_check') return { outcome: 'created', pet: created };
      const refused = after.state === 'rejected' || machine.keyRefused(after.lastError?.status);
      if (!refused || !after.lastError) return { outcome: 'queued', item: machine.toView(after) };
      // Refused for good, or the key refused while the clerk is at the form: the add panel shows why; nothing waits.
      await this.record((items) => machine.update(items, item.id, () => undefined));
      throw new ServiceFailure(after.lastError, 'answered');
    });
  }

  sendAgain = (id: string) =>
    this.byClerk(id, ['lookedUp'], (item) =>
      machine.sendAgain(item, this.options.now(), this.press(item.environmentId, this.facts(item.environmentId))),
    );
  confirmCreated = (id: string) =>
    this.byClerk(id, ['lookedUp'], (item, items) =>
      machine.confirmCreated(item, items, this.options.now(), this.options.lapsed),
    );
  edit = async (id: string, pet: NewPet) => {
    const before = this.stored(id);
    const [listing] = before === undefined ? [] : await this.listed(before.environmentId, [pet]);
    // Tried while the list was read: an edit made during that try, whose outcome the clerk has not seen.
    const after = this.stored(id);
    const tried = after !== undefined && (after.attempts !== before?.attempts || after.state !== before.state);
    return this.byClerk(
      id,
      ['checkFirst', 'lookedUp'],
      (item) => machine.edit(item, pet, randomUUID(), this.options.now(), listing),
      tried,
    );
  };
  /** Tried since the clerk saw the row (`seen`) and that try over: its outcome is judged as one mid-try's. */
  discard = (id: string, seen: Pick<OutboxItem, 'state' | 'attempts'>) => {
    const now = this.stored(id);
    const tried =
      now !== undefined &&
      now.state !== 'sending' &&
      (now.attempts !== seen.attempts || machine.toView(now).state !== seen.state);
    return this.byClerk(id, ['checkFirst'], machine.discard, tried);
  };

  /** An environment's service answered a call: its animals that waited for it go, but one failing on its own; or
   * (none) the platform is online again: all that waited go. */
  resume(environmentId?: EnvironmentId): void {
    const now = this.options.now();
    const waited = (item: OutboxRecord) =>
      machine.heldForService(item, now) &&
      (environmentId === undefined || (item.environmentId === environmentId && !this.backingOff.has(item.id)));
    this.makeDue(waited, now, this.tally.held);
    if (this.lookAgain) {
      this.lookAgain = false;
      this.lookForMatches(this.contents.items);
    }
    this.wake();
  }

  /**
   * The rows of its environment's copy changed once a sync completed in this run (that sync, a lookup's animal): its
   * animals at the check are matched against them, written before the sync or lookup ends and so before any word of the
   * clerk that follows. The check's rows are never older than the list the app shows, so no word is acted on blind to a
   * row the app knows. One not looked up yet waits for its own look-up (these rows may be older than its add); one whose
   * look-up is being written is matched again after it. Written only where its rows changed.
   */
  freshRows(environmentId: EnvironmentId, matchesOf: (item: OutboxRecord) => Matches): Promise<void> {
    if (this.closed) return Promise.resolve();
    const rematched = (one: OutboxRecord): OutboxRecord => {
      if (one.environmentId !== environmentId || one.state !== 'needs_check' || !one.matches) return one;
      const matches = matchesOf(one);
      return JSON.stringify(matches) === JSON.stringify(one.matches) ? one : { ...one, matches };
    };
    const { items } = this.contents;
    // A look-up's rows on their way to the disk may be older (a slow disk, a Refresh meanwhile): this write follows.
    const landing = items.some((one) => one.environmentId === environmentId && this.lookUps.get(one.id) === 'landing');
    if (!landing && items.every((one) => rematched(one) === one)) return Promise.resolve();
    // One the clerk sent again or changed meanwhile has left the check: its rows are looked up when it is back.
    return this.record((all) => all.map(rematched));
  }

  /** An environment's address or key changed: animals refused for its key go now. */
  keyChanged(environmentId: EnvironmentId): void {
    this.makeDue((item) => item.environmentId === environmentId && machine.heldForKey(item), this.options.now());
    this.wake();
  }

  /** Those of `among` that `waited` go now: written only where one did, as the service answers every call. */
  private makeDue(waited: (item: OutboxRecord) => boolean, now: number, among = this.contents.items): void {
    if (among.some(waited)) void this.record((items) => machine.makeDueNow(items, now, waited));
  }

  /** Sends what is due, unless sending already; else looks again when the next animal can be sent. */
  wake(): void {
    clearTimeout(this.timer);
    // A read-only outbox (its file left as it is) is shown, never sent.
    if (this.closed || this.draining || this.options.file.readOnly) return;
    const { items } = this.contents;
    const canSend = this.sendable();
    // One waiting for its service's time: only the environment in use is asked by itself (the header's check).
    for (const item of items) {
      const held = item.state === 'queued' && canSend.to(item.environmentId) && !canSend.item(item);
      if (held) this.options.askTime(item.environmentId);
    }
    const wait = machine.nextWake(items, this.options.now(), canSend.item);
    if (wait > 0) {
      if (wait < Infinity) this.timer = setTimeout(() => this.wake(), wait);
      return;
    }
    let retryIn = 0;
    this.draining = this.drain()
      .catch((error: unknown) => {
        // The disk refused its marks: tried again after the longest back-off.
        this.options.logger.error('outbox: sending stopped', error);
        retryIn = machine.BACKOFF_MAX_MS;
      })
      .finally(() => {
        this.draining = undefined;
        this.timer = setTimeout(() => this.wake(), retryIn);
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.underWay.size > 0 || this.draining) await Promise.allSettled([...this.underWay, this.draining]);
    await this.writing;
    clearTimeout(this.timer);
  }

  /**
   * Judged as the write finds it (a batch's marks may have come first): one the machine leaves as it is, is busy; one
   * tried meanwhile keeps an outcome the clerk has not seen (sent, or in doubt). `checkFirst`: one a request may have
   * created waits for the clerk's check instead, as a changed copy, or none, would lose it. `lookedUp`: one at the
   * check is sent, confirmed or changed only once its rows are looked up, the clerk's word being blind before.
   */
  private async byClerk(
    id: string,
    guards: readonly ('checkFirst' | 'lookedUp')[],
    change: (item: OutboxRecord, items: readonly OutboxRecord[]) => OutboxRecord | undefined,
    retried = false,
  ): Promise<OutboxSnapshot> {
    // The clerk acted on it: its tries alone count afresh, as its own failures do (`sendAgain`).
    this.backingOff.delete(id);
    const midTry = retried || this.trying(id);
    // A try is a moment (its request, its outcome's write): the change waits for its outcome.
    for (let waited = 0; waited < 5_000 && this.trying(id) && !this.closed; waited += 100) await sleep(100);
    let found = 'gone' as 'gone' | 'trying' | 'busy' | 'check' | 'unseen' | 'changed';
    await this.save((items) =>
      machine.update(items, id, (item) => {
        if (item.state === 'sending') found = 'trying';
        else if (midTry && item.state === 'needs_check') found = 'check';
        else if (midTry && item.state === 'sent') found = 'busy';
        else if (guards.includes('lookedUp') && machine.notLookedUp(item)) found = 'unseen';
        else if (guards.includes('checkFirst') && machine.mayExist(item)) {
          found = 'check';
          return machine.toCheck(item);
        } else {
          const changed = change(item, items);
          found = changed === item ? 'busy' : 'changed';
          return changed;
        }
        return item;
      }),
    );
    if (found === 'gone') throw new AppFailure(appError('not_found', 'outbox_item_gone'));
    // Marked for a try as the change was written: judged again on the try's outcome.
    if (found === 'trying' && !retried) return this.byClerk(id, guards, change, true);
    if (found === 'check') throw new AppFailure(appError('invalid_input', 'outbox_item_check_first'));
    if (found === 'unseen') throw new AppFailure(appError('invalid_input', 'outbox_item_not_looked_up'));
    if (found !== 'changed') throw new AppFailure(appError('invalid_input', 'outbox_item_busy'));
    return this.snapshot();
  }

  private async drain(): Promise<void> {
    const { now, service } = this.options;
    // Per environment: one's service down says nothing of another's.
    const failures = new Map<EnvironmentId, machine.FailuresInRow>();
    for (;;) {
      const batch = this.closed
        ? []
        : machine.dueBatch(this.contents.items, now(), this.sendable().item, this.facts, this.alone);
      const [head] = batch;
      if (!head) return;
      const { environmentId } = head;
      const marked = new Set(batch.map((item) => item.id));
      const target = this.target(environmentId);
      // One never sent is none of the rows listed now either, however long it waited (a 429, offline).
      const neverSent = batch.filter((item) => !item.reached);
      const pets = neverSent.map((item) => item.pet);
      const listings = await this.listed(environmentId, pets);
      const listed = new Map(neverSent.map(({ id, pet }, index) => [id, { pet, ...listings[index] }]));
      // Judged on what the service proved as the marks are written (an outcome written just before may withdraw it).
      const mark = (one: OutboxRecord, facts: machine.ServiceFacts | undefined) => {
        if (!marked.has(one.id)) return one;
        const listing = listed.get(one.id);
        // Unless the clerk changed the animal meanwhile (the edit took its own).
        const fresh = listing?.pet === one.pet ? { ...one, known: listing.known, knownStale: listing.knownStale } : one;
        return machine.sending(fresh, this.press(environmentId, facts, target));
      };
      const since = performance.now();
      const slot = this.slot(environmentId);
      // Sent as judged when marked: within the window by the counter's clock and the service's (the counter's may go
      // back), and to where it was marked for (an address or key changed since is judged again). The window opens
      // before the marks' write: a disk slow to write them uses it up, never stretches it.
      const markedAt = now();
      const servedAt = service.serviceNow(environmentId);
      await this.write(true, (contents) => ({
        ...contents,
        items: contents.items.map((one) => mark(one, contents.services[slot])),
      }));
      // In the order added (an outage's too: its newest was tried least), but those whose tries reached the service and
      // failed last, the most failed on their own at the end: they do not hold back the ones behind them.
      const toSend = this.contents.items
        .filter((item) => item.state === 'sending' && marked.has(item.id))
        .toSorted((a, b) => Number(a.reached) - Number(b.reached) || a.ownFailures - b.ownFailures);
      // A batch goes on the proof that keys are honoured: a success proving them dropped ends it.
      let keysDropped = false;
      const stale = () =>
        keysDropped ||
        this.target(environmentId) !== target ||
        now() - markedAt > machine.BATCH_WINDOW_MS ||
        (servedAt !== undefined &&
          (service.serviceNow(environmentId) ?? Infinity) - servedAt > machine.BATCH_WINDOW_MS);
      // Outcomes are written together, at most every 100 ms: a long drain would spend its thread writing each.
      const outcomes: Change[] = [];
      let lastWrite = -Infinity;
      let failed = failures.get(environmentId) ?? { count: 0 };
      let tried = 0;
      // A failure is written once the next try tells whose it was: two animals in a row the service itself did not
      // answer (no answer, a 5xx, a 429), with none sent before them here, failed for the line, not on their own.
      let held: { outcome: (lineDown: boolean) => Change; answered: boolean } | undefined;
      let sentHere = false;
      let refusedLast = false;
      for (const item of toSend) {
        if (this.closed || failed.count >= 2 || stale()) break;
        tried += 1;
        const { created, outcome, answered, notEchoed, refused } = await this.sendOne(item, since);
        keysDropped ||= notEchoed;
        // A refusal at the door is the line's: the rest wait with it, and go in the order added once it is back.
        failed = refused ? { count: 2 } : machine.countFailure(failed, item.id, created !== undefined);
        refusedLast = refused;
        const lineDown = refused || (!answered && held?.answered === false && !sentHere);
        if (held) outcomes.push(held.outcome(lineDown));
        sentHere ||= created !== undefined;
        held = created || failed.count >= 2 ? undefined : { outcome, answered };
        if (!held) outcomes.push(outcome(lineDown));
        if (performance.now() - lastWrite < OUTCOMES_WRITTEN_EVERY_MS) continue;
        lastWrite = performance.now();
        void this.write(false, ...outcomes.splice(0));
      }
      if (held) outcomes.push(held.outcome(false));
      if (outcomes.length > 0) void this.write(false, ...outcomes);
      const unsent = new Set(toSend.slice(tried).map((item) => item.id));
      const down = failed.count >= 2;
      failures.set(environmentId, down ? { count: 0 } : failed);
      if (!down && unsent.size === 0) continue;
      // Its service is down: the failures were the service's, and the environment's line waits as its most tried would.
      for (const item of down ? toSend.slice(0, tried) : []) this.backingOff.delete(item.id);
      const until = now() + (down ? machine.backoffMs(Math.max(...batch.map((item) => item.attempts)) + 1) : 0);
      await this.record((items) => machine.holdBack(items, unsent, until, down ? environmentId : undefined));
      // The service answered another call meanwhile: the refusal was older news, and the line goes again.
      if (refusedLast && (this.options.service.lastAnswer(environmentId)?.at ?? -Infinity) >= since)
        this.resume(environmentId);
    }
  }

  /** The request alone is inside the failure handling: recording its outcome never leads to a resend. */
  private async sendOne(item: OutboxRecord, since = performance.now()) {
    let answer: machine.Answer | undefined;
    let created: Pet | undefined;
    let failure: machine.Failure | undefined;
    // The address (and key) the request goes to, whatever changes while it is on its way.
    const slot = this.slot(item.environmentId);
    const target = this.target(item.environmentId);
    const address = this.options.address(item.environmentId);
    try {
      created = await this.options.send(
        item,
        (headers, status) => (answer = { headers, status }),
        (status) => machine.refusedAnimal(status, this.keyAdds.has(target)),
      );
    } catch (error) {
      const { appError, reach } = machine.asFailure(error);
      this.options.logger.warn(`outbox: item ${item.id} failed (${appError.kind}, ${reach})`);
      failure = { error: this.options.file.redactError(appError), reach };
    }
    if (created) this.keyAdds.add(target);
    const status = failure?.error.status;
    const answered = machine.tookAdd(created !== undefined, status);
    const joins = status === undefined && failure?.reach === 'ambiguous';
    const answeredBefore = (this.answeredAt.get(target) ?? -Infinity) >= since;
    // A try that never left (the counter offline) says nothing of the service.
    if (failure?.error.reason !== 'offline') {
      if (answered) this.answeredAt.set(target, performance.now());
      else this.answeredAt.delete(target);
      this.backingOff = machine.afterTry(this.backingOff, item.id, target, answered, joins, answeredBefore);
    }
    const outcome =
      (lineDown = false): Change =>
      ({ items, services }) => {
        const learnt = machine.learn(services, slot, item.key, answer);
        const honoured = machine.relied(learnt[slot]);
        const now = this.options.now();
        // Those holding the answered row: few or none, and the only ones the answer is checked against.
        const holders = created ? items.filter((one) => one.created?.id === created.id) : [];
        const judged = failure ?? this.anotherAnimal(item, created, answer, holders, address);
        let answered: OutboxRecord | undefined;
        let settled = machine.update(items, item.id, (one) => {
          answered = judged
            ? machine.failed(one, { ...judged, lineDown }, honoured, now, this.keyAdds.has(target))
            : machine.sent(one, created, now);
          return answered;
        });
        if (answered) settled = machine.answerWins(settled, answered, holders);
        // Judged as written, not as the try ended: one the clerk sent again meanwhile has left `backingOff`.
        for (const [id, { proven }] of this.backingOff)
          if (proven >= machine.MAX_OWN_FAILURES) settled = machine.update(settled, id, machine.toCheck);
        return { services: learnt, items: settled };
      };
    const notEchoed = machine.keyNotEchoed(item.key, answer);
    return { created, outcome, answered, notEchoed, refused: machine.refusedAtDoor(failure) };
  }

  /** A success answered for another animal: as an unreadable answer, created but unknown which row it is (the named
   * row kept for the check where only its name or category differ). */
  private anotherAnimal(
    item: OutboxRecord,
    created: Pet | undefined,
    answer: machine.Answer | undefined,
    holders: readonly OutboxRecord[],
    address: string,
  ): machine.Failure | undefined {
    if (!created || !answer) return undefined;
    const claims = { items: holders, address, lapsed: this.options.lapsed };
    const another = machine.answersAnother(item, created, answer.headers.get('idempotency-key'), claims);
    if (!another) return undefined;
    this.options.logger.warn(`outbox: item ${item.id} answered with another animal (${created.id})`);
    const error = appError('invalid_response', 'unreadable_answer', { status: answer.status });
    return { error, reach: 'answered', answered: another === 'renamed' ? created.id : undefined };
  }

  /** The service's rows that may be each one waiting for the clerk's check, looked up once a whole list gives them. */
  private lookForMatches(items: readonly OutboxRecord[]): void {
    for (const item of items) {
      if (item.state !== 'needs_check' || (item.matches && !item.matches.unread) || this.lookUps.has(item.id)) continue;
      this.lookUps.set(item.id, 'looking');
      void this.track(async () => {
        try {
          const matches = await this.options.findMatches(item);
          if (matches.unread) this.lookAgain = true;
          this.lookUps.set(item.id, 'landing');
          const shown = (one: OutboxRecord) => (one.state === 'needs_check' ? { ...one, matches } : one);
          await this.record((all) => machine.update(all, item.id, shown));
        } catch (error) {
          this.lookAgain = true;
          this.options.logger.info('outbox: no fresh list for the check', error);
        } finally {
          this.lookUps.delete(item.id);
        }
      });
    }
  }

  /**
   * Memory takes changes only once the file holds them, and those waiting together are written together. A change the
   * clerk asked for (or a batch's marks) is refused with memory as the disk is; the outbox's own (an outcome, a
   * recovery) is a notice, and written again.
   */
  private write(byClerk: boolean, ...changes: Change[]): Promise<void> {
    // Read-only, the clerk's change is refused, saying why.
    if (this.options.file.readOnly && byClerk)
      return Promise.reject(new AppFailure(appError('storage', 'outbox_read_only')));
    const written = new Promise<void>((resolve, reject) =>
      this.queue.push({ changes, resolve, ...(byClerk && { reject }) }),
    );
    this.writing ??= this.writeQueued();
    return written;
  }

  private readonly save = (change: ItemsChange) => this.write(true, ofItems(change));
  private readonly record = (change: ItemsChange) => this.write(false, ofItems(change));

  private async writeQueued(): Promise<void> {
    for (let group = this.queue.splice(0); group.length > 0; group = this.queue.splice(0)) {
      const next = group.flatMap((one) => one.changes).reduce((contents, change) => change(contents), this.contents);
      try {
        // Read-only (its file left as it is, nothing sent: `wake`), the outbox's own changes are made in memory only (a
        // turn later, as a write's), so the screens show the start's recovery and fresh rows, not the file's last moment.
        await (this.options.file.readOnly ? Promise.resolve() : this.options.file.write(next));
      } catch (error) {
        this.options.logger.error('outbox: could not save', error);
        for (const one of group) (one.reject ?? one.resolve)(new AppFailure(appError('storage', 'outbox_save_failed')));
        // Memory stays as the disk is (a sent animal still `sending`); the outbox's own changes are written again.
        const own = group.filter((one) => !one.reject);
        if (own.length === 0 || this.closed) continue;
        if (!this.writesFailing) this.options.notify(fileNotSavedNotice('outbox', 'outbox'));
        this.writesFailing = true;
        this.queue.unshift(...own);
        await sleep(1000);
        continue;
      }
      const was = new Map(this.contents.items.map((item) => [item.id, item]));
      this.contents = next;
      this.tally = machine.tally(next.items);
      this.writesFailing = false;
      for (const one of group) one.resolve();
      // Those this write put in another state (or added): the sent for the catalogue, the uncertain for the check; and
      // those whose rows it dropped (a start's, written late when its first write failed), looked up afresh.
      const changed = next.items.filter((item) => was.get(item.id)?.state !== item.state);
      this.options.onChange(changed.filter((item) => item.state === 'sent'));
      this.lookForMatches([...changed, ...next.items.filter((item) => !item.matches && was.get(item.id)?.matches)]);
      this.wake();
    }
    this.writing = undefined;
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const promise: Promise<T> = work().finally(() => this.underWay.delete(promise));
    this.underWay.add(promise);
    return promise;
  }

  /** What the service listed of these names and categories just before adds' requests leave (read afresh where one can
   * leave now). Where it could not be read (a failing list), the add goes all the same, its check saying that its rows
   * may include another counter's: held back, it would wait on a list that may never read while its service adds. */
  private readonly listed = (environmentId: EnvironmentId, pets: readonly NewPet[]) =>
    this.options.listed(environmentId, pets, this.options.canSend(environmentId));
  private readonly slot = (environmentId: EnvironmentId) => `${environmentId} ${this.options.address(environmentId)}`;
  private readonly target = (environmentId: EnvironmentId) =>
    `${this.options.address(environmentId)} ${this.options.credential(environmentId)}`;
  /** Where the environment's requests go now, and its service's clock as read now. */
  private press(
    environmentId: EnvironmentId,
    facts: machine.ServiceFacts | undefined,
    to = this.target(environmentId),
  ) {
    const { service } = this.options;
    const clock = { serviceNow: service.serviceNow(environmentId), since: service.serviceSince(environmentId) };
    return { facts, to, ...clock, stretch: service.counterStretch(environmentId) };
  }
  private readonly stored = (id: string) => this.contents.items.find((item) => item.id === id);
  private readonly trying = (id: string) => this.stored(id)?.state === 'sending';
  private readonly alone = (id: string) => this.backingOff.has(id);
  private readonly facts = (environmentId: EnvironmentId) => this.contents.services[this.slot(environmentId)];
  /** What can be sent now, each environment asked once (a key is read at each ask). One that may exist waits until its
   * service told its time in this run (anything may have happened to a clock). */
  private sendable() {
    const open = new Map<EnvironmentId, boolean>();
    const to = (environmentId: EnvironmentId): boolean => {
      const can = open.get(environmentId) ?? this.options.canSend(environmentId);
      open.set(environmentId, can);
      return can;
    };
    const item = (one: OutboxRecord) =>
      to(one.environmentId) && (!one.reached || this.options.service.serviceNow(one.environmentId) !== undefined);
    return { to, item };
  }
}
