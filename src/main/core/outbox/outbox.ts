/** Every add, as a durable state machine (queued → sending → sent | rejected | needs_check), changed only once on disk. */
import { randomUUID } from 'node:crypto';
import { AppFailure, appError, type AppNotice, type CreateOutcome, type EnvironmentId } from '../../../shared';
import type { NewPet, OutboxSnapshot, Pet } from '../../../shared';
import { fileNotSavedNotice } from '../document-writer';
import type { Logger } from '../logger';
import { ServiceFailure } from '../service-errors';
import type { OutboxContents, OutboxFile } from './file';
import * as machine from './machine';

type OutboxRecord = machine.OutboxRecord;
type Change = (contents: OutboxContents) => OutboxContents;
interface Pending {
  change: Change;
  /** A send's outcome: if its write fails it is written again with the next change. */
  outcome: boolean;
  done: (error?: unknown) => void;
}

/** The header in which a service states how long it keeps a key, in seconds (docs/service-contract.md). */
export const KEY_LIFETIME_HEADER = 'idempotency-key-lifetime';

export interface OutboxOptions {
  file: OutboxFile;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  onChange: () => void;
  /** Sends one item with its key; `onAnswer` sees the headers of any answer. Throws ServiceFailure. */
  send: (item: OutboxRecord, onAnswer: (headers: Headers, status: number) => void) => Promise<Pet>;
  /** The environment's current address: what a service does with keys is learnt per environment and address. */
  address: (environmentId: EnvironmentId) => string;
  /** False while an environment cannot be sent to at all (platform offline, no key): its items wait. */
  canSend: (environmentId: EnvironmentId) => boolean;
  /** The clerk's check: the service's animals with this one's name and category, across the whole shop, newest first. */
  findMatches: (item: OutboxRecord) => Promise<Pet[]>;
}

export class Outbox {
  /** Exactly what the file holds. */
  private contents: OutboxContents;
  private pending: Pending[] = [];
  /** Outcomes whose write failed, written again with the next change. */
  private unwritten: Pending[] = [];
  private writing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  /** Direct adds and match look-ups under way: closing waits for them. */
  private readonly underWay = new Set<Promise<unknown>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    this.contents = options.file.load();
    if (options.file.newerVersion !== undefined) return;
    const now = options.now();
    // An interrupted send is resent only where its key is honoured and still known; a fresh start tries the rest now.
    const resendable = (item: OutboxRecord) =>
      this.honoured(item.environmentId) && !machine.keyMayBeForgotten(item, this.lifetime(item), now);
    void this.record((items) =>
      machine.makeDueNow(machine.pruneSent(machine.recoverInterrupted(items, resendable, now), now), now),
    ).then(() => this.lookForMatches(this.items.filter((item) => item.state === 'needs_check' && !item.matches)));
  }

  private get items(): OutboxRecord[] {
    return this.contents.items;
  }

  snapshot(): OutboxSnapshot {
    return { items: this.items.map(machine.toView) };
  }

  get waiting(): number {
    return this.items.filter((item) => item.state === 'queued').length;
  }

  get sending(): number {
    return this.items.filter((item) => item.state === 'sending').length;
  }

  /** Animals not yet on the service (waiting, being sent, or waiting for the clerk): the quit warning counts these. */
  get unsent(): number {
    return this.items.filter((item) => item.state !== 'sent').length;
  }

  /** Every add: on disk as `sending`, then sent; an unsure outcome stays in the outbox with its key. */
  add(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    const work = (async (): Promise<CreateOutcome> => {
      const item = machine.newRecord(
        { id: randomUUID(), key: randomUUID() },
        environmentId,
        pet,
        this.options.now(),
        true,
      );
      await this.change((items) => [...items, item]);
      const { created, recorded } = await this.sendOne(item);
      await recorded;
      if (created) return { outcome: 'created', pet: created };
      const after = this.items.find((one) => one.id === item.id) ?? item;
      if (after.state === 'rejected' && after.lastError) {
        // Refused for good: the add panel shows why; nothing is left waiting.
        await this.record((items) => machine.discard(items, item.id));
        throw new ServiceFailure(after.lastError, 'answered');
      }
      this.wake();
      return { outcome: 'queued', item: machine.toView(after) };
    })();
    this.track(work);
    return work;
  }

  async sendAgain(id: string): Promise<OutboxSnapshot> {
    this.find(id);
    await this.change((items) => machine.sendAgain(items, id, this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async confirmCreated(id: string): Promise<OutboxSnapshot> {
    const { matches } = this.find(id);
    const match = matches?.length === 1 ? matches[0] : undefined;
    await this.change((items) => machine.confirmCreated(items, id, match, this.options.now()));
    return this.snapshot();
  }

  async edit(id: string, pet: NewPet): Promise<OutboxSnapshot> {
    if (!machine.editable(this.find(id))) throw new AppFailure(appError('invalid_input', 'outbox_item_busy'));
    await this.change((items) => machine.edit(items, id, pet, randomUUID(), this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async discard(id: string): Promise<OutboxSnapshot> {
    if (this.find(id).state === 'sending') throw new AppFailure(appError('invalid_input', 'outbox_item_busy'));
    await this.change((items) => machine.discard(items, id));
    return this.snapshot();
  }

  /** The service answered or the platform is online again: animals that waited for it go now. */
  resume(): void {
    const now = this.options.now();
    if (machine.makeDueNow(this.items, now).some((item, index) => item !== this.items[index])) {
      void this.record((items) => machine.makeDueNow(items, now));
    }
    this.wake();
  }

  /** Starts sending if anything is due and nothing is being sent. */
  wake(): void {
    if (this.closed || this.draining || this.options.file.newerVersion !== undefined) return;
    this.draining = this.drain()
      .catch((error: unknown) => this.options.logger.error('outbox: sending stopped', error))
      .finally(() => {
        this.draining = undefined;
        this.schedule();
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    while (this.underWay.size > 0 || this.draining) await Promise.allSettled([...this.underWay, this.draining]);
    await this.writing;
  }

  /**
   * Sends what is due. After a failure the next animal is still tried; only
   * when it fails too (the service is down) does the environment's line wait.
   */
  private async drain(): Promise<void> {
    const { now, canSend } = this.options;
    const lifetime = (item: OutboxRecord) => this.lifetime(item);
    let failedInRow = 0;
    while (!this.closed) {
      const forgotten = machine.expireKeys(this.items, lifetime, now()).filter((item, i) => item !== this.items[i]);
      if (forgotten.length > 0) {
        await this.change((items) => machine.expireKeys(items, lifetime, now()));
        this.lookForMatches(forgotten);
      }
      const batch = machine.dueBatch(this.items, now(), canSend, (env) => this.honoured(env));
      const [head] = batch;
      if (!head) return;
      const ids = batch.map((item) => item.id);
      await this.change((items) => machine.markSending(items, ids, now()));
      // Each outcome is written while the next request is on its way; the batch ends once all are on disk.
      const recorded: Array<Promise<void>> = [];
      for (const item of batch) {
        if (this.closing() || failedInRow >= 2) break;
        const outcome = await this.sendOne(item);
        recorded.push(outcome.recorded);
        failedInRow = outcome.created ? 0 : failedInRow + 1;
      }
      await Promise.all(recorded);
      const unsent = ids.slice(recorded.length);
      if (failedInRow >= 2) {
        failedInRow = 0;
        const until = now() + machine.backoffMs(head.attempts + 1);
        await this.record((items) =>
          machine.backOffLine(machine.unmarkSending(items, unsent, until), head.environmentId, until),
        );
      } else if (unsent.length > 0) {
        await this.record((items) => machine.unmarkSending(items, unsent, now()));
      }
    }
  }

  /** The request alone is inside the failure handling; recording its outcome never leads to a resend. */
  private async sendOne(item: OutboxRecord): Promise<{ created?: Pet; recorded: Promise<void> }> {
    let answer: machine.KeyAnswer = { status: 0, echoed: null, lifetime: null };
    const slot = this.slot(item.environmentId);
    const learnt = (services: machine.Services): machine.Services => {
      const facts = machine.learn(services[slot], item.key, answer);
      return facts ? { ...services, [slot]: facts } : services;
    };
    try {
      const created = await this.options.send(item, (headers, status) => {
        answer = { status, echoed: headers.get('idempotency-key'), lifetime: headers.get(KEY_LIFETIME_HEADER) };
      });
      this.options.logger.info(`outbox: item ${item.id} sent, created id ${created.id}`);
      const recorded = this.write(true, ({ items, services }) => ({
        services: learnt(services),
        items: machine.markSent(items, item.id, created, this.options.now()),
      }));
      return { created, recorded };
    } catch (error) {
      const failure = machine.asFailure(error);
      const outcome = { error: this.options.file.redactError(failure.appError), reach: failure.reach };
      this.options.logger.warn(`outbox: item ${item.id} failed (${failure.appError.kind}, ${failure.reach})`);
      const recorded = this.write(true, ({ items, services }) => {
        const known = learnt(services);
        const honoured = known[slot]?.honours === true;
        return { services: known, items: machine.markFailed(items, item.id, outcome, honoured, this.options.now()) };
      }).then(() => {
        if (this.items.some((one) => one.id === item.id && one.state === 'needs_check')) this.lookForMatches([item]);
      });
      return { recorded };
    }
  }

  /** The service's rows that may be these animals, for the clerk's check. */
  private lookForMatches(waiting: OutboxRecord[]): void {
    for (const item of waiting) {
      this.track(
        this.options.findMatches(item).then(
          (matches) => this.record((items) => machine.withMatches(items, item.id, matches)),
          (error: unknown) => this.options.logger.info('outbox: no fresh list for the check', error),
        ),
      );
    }
  }

  /** A change the clerk asked for: on disk, or refused with the reason. */
  private async change(change: (items: OutboxRecord[]) => OutboxRecord[]): Promise<void> {
    try {
      await this.write(false, ({ items, services }) => ({ services, items: change(items) }));
    } catch (error) {
      if (this.options.file.newerVersion !== undefined) throw new AppFailure(appError('storage', 'outbox_read_only'));
      this.options.logger.error('outbox: could not save', error);
      throw new AppFailure(appError('storage', 'outbox_save_failed'));
    }
  }

  /** A change of the outbox's own (an outcome, a recovery): a failed write is a notice, never the caller's error. */
  private record(change: (items: OutboxRecord[]) => OutboxRecord[]): Promise<void> {
    return this.write(true, ({ items, services }) => ({ services, items: change(items) }));
  }

  /**
   * Changes waiting together are written together, and memory takes them only
   * once the file holds them. An outcome whose write failed stays as it was on
   * disk (the animal `sending`: a restart treats it as interrupted) and is
   * written again with the next change or a second later; it resolves either way.
   */
  private write(outcome: boolean, change: Change): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        if (error === undefined || outcome) resolve();
        else reject(new Error('the outbox was not saved', { cause: error }));
      };
      this.pending.push({ change, outcome, done });
      this.writing ??= this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length > 0) {
      const group = [...this.unwritten, ...this.pending.splice(0)];
      const next = group.reduce((contents, { change }) => change(contents), this.contents);
      try {
        await this.options.file.write(next);
      } catch (error) {
        this.options.logger.error('outbox: could not save', error);
        if (group.some((one) => one.outcome)) this.options.notify(fileNotSavedNotice('outbox', 'outbox'));
        this.unwritten = group.filter((one) => one.outcome);
        group.forEach((one) => one.done(error));
        // Without a later change, the outcomes are tried again in a second.
        if (this.unwritten.length > 0)
          setTimeout(() => this.closed || void this.write(true, (same) => same), 1000).unref();
        continue;
      }
      this.unwritten = [];
      this.contents = next;
      group.forEach((one) => one.done());
      this.options.onChange();
      // What is due may have changed: the timer follows the disk.
      if (!this.draining) this.schedule();
    }
    this.writing = undefined;
  }

  private track(work: Promise<unknown>): void {
    this.underWay.add(work);
    const forget = () => this.underWay.delete(work);
    work.then(forget, forget);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const wake = machine.nextWake(this.items);
    if (this.closed || wake === undefined) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, wake - this.options.now()));
  }

  /** Read afresh: close() may run while a batch is being sent. */
  private closing(): boolean {
    return this.closed;
  }

  private slot(environmentId: EnvironmentId): string {
    return `${environmentId} ${this.options.address(environmentId)}`;
  }

  private honoured(environmentId: EnvironmentId): boolean {
    return this.contents.services[this.slot(environmentId)]?.honours === true;
  }

  private lifetime(item: OutboxRecord): number {
    return machine.keyLifetime(this.contents.services[this.slot(item.environmentId)]);
  }

  private find(id: string): OutboxRecord {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) throw new AppFailure(appError('not_found', 'outbox_item_gone'));
    return item;
  }
}
