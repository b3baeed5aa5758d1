/** Every add, as a durable state machine: queued → sending → sent | rejected | needs_check; memory changes only once on disk. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AppFailure,
  appError,
  type AppNotice,
  type CreateOutcome,
  type EnvironmentId,
  type NewPet,
  type OutboxSnapshot,
  type Pet,
} from '../../../shared';
import { fileNotSavedNotice } from '../document-writer';
import type { Logger } from '../logger';
import { ServiceFailure } from '../service-errors';
import type { OutboxContents, OutboxFile } from './file';
import * as machine from './machine';
import type { FindMatches } from './matches';

type OutboxRecord = machine.OutboxRecord;
type Change = (contents: OutboxContents) => OutboxContents;

const BUSY = appError('invalid_input', 'outbox_item_busy');
const SAVE_FAILED = appError('storage', 'outbox_save_failed');
const READ_ONLY = appError('storage', 'outbox_read_only');
/** A send's outcome that could not be written is written again this often (the animal stays `sending` meanwhile). */
const OUTCOME_RETRY_MS = 1_000;
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
  findMatches: FindMatches;
}

export class Outbox {
  /** Exactly what the file holds. */
  private contents: OutboxContents;
  private readonly changes: Array<{ change: Change; resolve: () => void; reject: (error: unknown) => void }> = [];
  private writing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  /** Direct adds, outcome rewrites and match look-ups under way: closing waits for them. */
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
    void this.track(
      this.commit(({ items, services }) => ({
        services,
        items: machine.makeDueNow(machine.pruneSent(machine.recoverInterrupted(items, resendable, now), now), now),
      })).then(
        () => this.lookForMatches(this.items.filter((item) => item.state === 'needs_check' && !item.matches)),
        (error: unknown) => this.saveFailed(error),
      ),
    );
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

  /** A direct add: on disk as `sending`, then sent; an unsure outcome stays in the outbox with its key. */
  add(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    return this.track(this.addNow(environmentId, pet));
  }

  private async addNow(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    const item = machine.newRecord(this.ids(), environmentId, pet, this.options.now(), true);
    await this.change((contents) => ({ ...contents, items: [...contents.items, item] }));
    const { created, recorded } = await this.sendOne(item);
    await recorded;
    if (created) return { outcome: 'created', pet: created };
    const after = this.items.find((one) => one.id === item.id) ?? item;
    if (after.state === 'rejected' && after.lastError) {
      // Refused for good: the add panel shows why; nothing is left waiting.
      await this.settle(({ items, services }) => ({ services, items: machine.discard(items, item.id) }));
      throw new ServiceFailure(after.lastError, 'answered');
    }
    this.wake();
    return { outcome: 'queued', item: machine.toView(after) };
  }

  /** Queues an animal to send later; it is on disk when the promise resolves. */
  async enqueue(environmentId: EnvironmentId, pet: NewPet): Promise<OutboxRecord> {
    const item = machine.newRecord(this.ids(), environmentId, pet, this.options.now());
    await this.track(this.change((contents) => ({ ...contents, items: [...contents.items, item] })));
    this.wake();
    return item;
  }

  async sendAgain(id: string): Promise<OutboxSnapshot> {
    this.find(id);
    await this.changeItems((items) => machine.sendAgain(items, id, this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async confirmCreated(id: string): Promise<OutboxSnapshot> {
    const item = this.find(id);
    const match = item.matches?.length === 1 ? item.matches[0] : undefined;
    await this.changeItems((items) => machine.confirmCreated(items, id, match, this.options.now()));
    return this.snapshot();
  }

  async edit(id: string, pet: NewPet): Promise<OutboxSnapshot> {
    if (!machine.editable(this.find(id))) throw new AppFailure(BUSY);
    await this.changeItems((items) => machine.edit(items, id, pet, randomUUID(), this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async discard(id: string): Promise<OutboxSnapshot> {
    if (this.find(id).state === 'sending') throw new AppFailure(BUSY);
    await this.changeItems((items) => machine.discard(items, id));
    return this.snapshot();
  }

  /** The service answered or the platform is online again: animals that waited for it go now. */
  resume(): void {
    const now = this.options.now();
    const due = machine.makeDueNow(this.items, now);
    if (due.some((item, index) => item !== this.items[index])) {
      void this.track(this.settle(({ items, services }) => ({ services, items: machine.makeDueNow(items, now) })));
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
   * when it fails too (the service is down) does the whole line wait.
   */
  private async drain(): Promise<void> {
    const { now, canSend } = this.options;
    let failedInRow = 0;
    while (!this.closed) {
      const lifetime = (item: OutboxRecord) => this.lifetime(item);
      const expired = machine.expireKeys(this.items, lifetime, now());
      const waiting = expired.filter((item, index) => item !== this.items[index]);
      if (waiting.length > 0) {
        await this.changeItems((items) => machine.expireKeys(items, lifetime, now()));
        this.lookForMatches(waiting);
      }
      const batch = machine.dueBatch(this.items, now(), canSend, (env) => this.honoured(env));
      const [head] = batch;
      if (!head) return;
      const ids = batch.map((item) => item.id);
      await this.changeItems((items) => machine.markSending(items, ids, now()));
      let sent = 0;
      // Each outcome is written while the next request is on its way; the batch ends when all are on disk.
      const recorded: Array<Promise<void>> = [];
      for (const item of batch) {
        if (this.closing() || failedInRow >= 2) break;
        sent += 1;
        const outcome = await this.sendOne(item);
        recorded.push(outcome.recorded);
        failedInRow = outcome.created ? 0 : failedInRow + 1;
      }
      await Promise.all(recorded);
      const unsent = ids.slice(sent);
      if (failedInRow >= 2) {
        failedInRow = 0;
        const until = now() + machine.backoffMs(batch[sent - 1]?.attempts ?? 1);
        await this.settle(({ items, services }) => ({
          services,
          items: machine.backOffLine(machine.unmarkSending(items, unsent, until), head.environmentId, until),
        }));
      } else if (unsent.length > 0) {
        await this.settle(({ items, services }) => ({ services, items: machine.unmarkSending(items, unsent, now()) }));
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
      const recorded = this.settle(({ items, services }) => ({
        services: learnt(services),
        items: machine.markSent(items, item.id, created, this.options.now()),
      }));
      return { created, recorded };
    } catch (error) {
      const failure = machine.asFailure(error);
      const outcome = { error: this.options.file.redactError(failure.appError), reach: failure.reach };
      this.options.logger.warn(`outbox: item ${item.id} failed (${failure.appError.kind}, ${failure.reach})`);
      const recorded = this.settle(({ items, services }) => {
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
      void this.track(
        this.options.findMatches(item).then(
          (matches) =>
            this.settle(({ items, services }) => ({ services, items: machine.withMatches(items, item.id, matches) })),
          (error: unknown) => this.options.logger.info('outbox: no fresh list for the check', error),
        ),
      );
    }
  }

  /** A change the clerk asked for: on disk, or refused with the reason. */
  private async change(change: Change): Promise<void> {
    try {
      await this.commit(change);
    } catch (error) {
      if (this.options.file.newerVersion !== undefined) throw new AppFailure(READ_ONLY);
      this.options.logger.error('outbox: could not save', error);
      throw new AppFailure(SAVE_FAILED);
    }
  }

  private changeItems(change: (items: OutboxRecord[]) => OutboxRecord[]): Promise<void> {
    return this.change(({ items, services }) => ({ services, items: change(items) }));
  }

  /**
   * A send's outcome: until it is on disk nothing acts on it (the animal stays
   * `sending`, and a restart treats it as interrupted), so a failed write is
   * reported and tried again until it lands or the app closes.
   */
  private async settle(change: Change): Promise<void> {
    try {
      await this.commit(change);
      return;
    } catch (error) {
      this.saveFailed(error);
    }
    void this.track(
      (async () => {
        while (!this.closed) {
          await sleep(OUTCOME_RETRY_MS);
          if (
            await this.commit(change).then(
              () => true,
              () => false,
            )
          )
            return;
        }
      })(),
    );
  }

  /** Changes waiting together are written together; memory takes a change only once the file holds it. */
  private commit(change: Change): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.changes.push({ change, resolve, reject });
      this.writing ??= this.writeChanges();
    });
  }

  private async writeChanges(): Promise<void> {
    for (let group = this.changes.splice(0); group.length > 0; group = this.changes.splice(0)) {
      const next = group.reduce((contents, { change }) => change(contents), this.contents);
      try {
        await this.options.file.write(next);
      } catch (error) {
        group.forEach(({ reject }) => reject(error));
        continue;
      }
      this.contents = next;
      group.forEach(({ resolve }) => resolve());
      this.options.onChange();
      // What is due may have changed: the timer follows the disk.
      if (!this.draining) this.schedule();
    }
    this.writing = undefined;
  }

  private saveFailed(error: unknown): void {
    this.options.logger.error('outbox: could not save', error);
    this.options.notify(fileNotSavedNotice('outbox', 'outbox'));
  }

  /** Work closing waits for; its own caller sees any failure. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.underWay.add(work);
    work.then(
      () => this.underWay.delete(work),
      () => this.underWay.delete(work),
    );
    return work;
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

  private ids(): { id: string; key: string } {
    return { id: randomUUID(), key: randomUUID() };
  }
}
