import { randomUUID } from 'node:crypto';
import {
  AppFailure,
  appError,
  type AppNotice,
  type CreateOutcome,
  type EnvironmentId,
  type NewPet,
  type OutboxSnapshot,
  type Pet,
} from '../../shared';
import type { Logger } from './logger';
import { OutboxLedger } from './outbox-ledger';
import { toView, type OutboxRecord } from './outbox-record';
import * as machine from './outbox-state';
import type { OutboxStore } from './outbox-store';
import { KeyHonours } from './outbox-honours';
import { ServiceFailure } from './service-errors';

const BUSY = appError('invalid_input', 'outbox_item_busy');

/** Named moments of a send, for the crash tests' child process (a no-op in the app). */
export type CrashPoint = 'before-durable' | 'before-request' | 'after-answer';

export interface OutboxOptions {
  store: OutboxStore;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  onChange: () => void;
  /** Sends one item with its key; `onAnswer` sees the headers of any answer. Throws ServiceFailure. */
  send: (item: OutboxRecord, onAnswer: (headers: Headers, status: number) => void) => Promise<Pet>;
  /** The environment's current address: what honours a key is learnt per environment and address. */
  address: (environmentId: EnvironmentId) => string;
  /** False while an environment cannot be sent to at all (platform offline, no key): its items wait. */
  canSend: (environmentId: EnvironmentId) => boolean;
  /** Rows of a fresh list with the item's name and category, for the clerk's check. */
  findMatches: (item: OutboxRecord) => Promise<Pet[]>;
  crashPoint?: (point: CrashPoint) => void;
}

/**
 * Every add, as a durable state machine: queued → sending → sent | rejected |
 * needs_check. `sending` is on disk before the request leaves; only the
 * request is inside the failure handling, so a failed record after a
 * successful send never turns into a resend.
 */
export class Outbox {
  private readonly ledger: OutboxLedger;
  private readonly honours: KeyHonours;
  private draining: Promise<void> | undefined;
  private readonly background = new Set<Promise<void>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    const loaded = options.store.load();
    this.honours = new KeyHonours(loaded.honours, options.address);
    const now = options.now();
    // A fresh start tries every waiting animal at once.
    const recovered = machine.recoverInterrupted(
      loaded.items,
      (item) => this.honours.honoured(item.environmentId),
      now,
    );
    const items = machine.makeDueNow(machine.pruneSent(recovered, now), now);
    this.ledger = new OutboxLedger({ ...options, items, honours: this.honours });
  }

  private get items(): OutboxRecord[] {
    return this.ledger.items;
  }

  snapshot(): OutboxSnapshot {
    return { items: this.items.map(toView) };
  }

  get waiting(): number {
    return machine.waitingCount(this.items);
  }

  /** Animals not yet on the service (waiting, being sent, or waiting for the clerk): the quit warning counts these. */
  get unsent(): number {
    return this.items.filter((item) => item.state !== 'sent').length;
  }

  get sending(): number {
    return machine.sendingCount(this.items);
  }

  /** A direct add: durable as `sending`, then sent; an unsure outcome stays in the outbox with its key. */
  async add(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    const item = machine.newRecord(this.ids(), environmentId, pet, this.options.now(), 'sending');
    this.options.crashPoint?.('before-durable');
    await this.ledger.commit([...this.items, item]);
    const created = await this.sendOne(item);
    if (created) return { outcome: 'created', pet: created };
    const after = this.find(item.id);
    if (after.state === 'rejected' && after.lastError) {
      // Refused for good: the add panel shows why; nothing is left waiting.
      this.ledger.record(machine.discard(this.items, item.id));
      throw new ServiceFailure(after.lastError, 'answered');
    }
    this.wake();
    return { outcome: 'queued', item: toView(after) };
  }

  /** Queues an animal to send later; it is on disk when the promise resolves. */
  async enqueue(environmentId: EnvironmentId, pet: NewPet): Promise<OutboxRecord> {
    const item = machine.newRecord(this.ids(), environmentId, pet, this.options.now());
    this.options.crashPoint?.('before-durable');
    await this.ledger.commit([...this.items, item]);
    this.wake();
    return item;
  }

  async sendAgain(id: string): Promise<OutboxSnapshot> {
    this.find(id);
    await this.ledger.commit(machine.sendAgain(this.items, id, this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async confirmCreated(id: string): Promise<OutboxSnapshot> {
    const item = this.find(id);
    const match = item.matches?.length === 1 ? item.matches[0] : undefined;
    await this.ledger.commit(machine.confirmCreated(this.items, id, match, this.options.now()));
    return this.snapshot();
  }

  async edit(id: string, pet: NewPet): Promise<OutboxSnapshot> {
    if (!machine.editable(this.find(id))) throw new AppFailure(BUSY);
    await this.ledger.commit(machine.edit(this.items, id, pet, randomUUID(), this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async discard(id: string): Promise<OutboxSnapshot> {
    if (this.find(id).state === 'sending') throw new AppFailure(BUSY);
    await this.ledger.commit(machine.discard(this.items, id));
    return this.snapshot();
  }

  /** The service answered or the platform is online again: queued items go now. */
  resume(): void {
    const now = this.options.now();
    if (this.items.some((item) => item.state === 'queued' && (item.nextAttemptAt ?? 0) > now)) {
      this.ledger.record(machine.makeDueNow(this.items, now));
    }
    this.wake();
  }

  /** Starts sending if anything is due and nothing is being sent. */
  wake(): void {
    if (this.closed || this.draining) return;
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
    await this.draining;
    await Promise.all(this.background);
    await this.options.store.flush();
  }

  private async drain(): Promise<void> {
    const { now, canSend } = this.options;
    for (;;) {
      const batch = machine.dueBatch(this.items, now(), canSend, (env) => this.honours.honoured(env));
      if (this.closed || batch.length === 0) return;
      await this.ledger.commit(machine.markSending(this.items, ...batch.map((item) => item.id)));
      // Stops at a failure or on close; what never left waits again (a failed one is already recorded).
      let done = 0;
      while (done < batch.length && this.stillOpen()) {
        const item = batch[done];
        done += 1;
        if (!item || !(await this.sendOne(item))) break;
      }
      const unsent = batch.slice(done).map((one) => one.id);
      if (unsent.length > 0) this.ledger.record(machine.unmarkSending(this.items, unsent, now()));
    }
  }

  /** Read afresh each time: close() may run while a batch is being sent. */
  private stillOpen(): boolean {
    return !this.closed;
  }

  /** The request alone is inside the failure handling; recording its outcome never leads to a resend. */
  private async sendOne(item: OutboxRecord): Promise<Pet | undefined> {
    this.options.crashPoint?.('before-request');
    let created: Pet;
    try {
      created = await this.options.send(item, (headers, status) => {
        this.honours.learn(item.environmentId, item.key, headers, status);
      });
    } catch (error) {
      const failure = machine.asFailure(error);
      const { now } = this.options;
      const outcome = { error: this.options.store.redactError(failure.appError), reach: failure.reach };
      this.ledger.record(
        machine.markFailed(this.items, item.id, outcome, this.honours.honoured(item.environmentId), now()),
      );
      this.options.logger.warn(`outbox: item ${item.id} failed (${failure.appError.kind}, ${failure.reach})`);
      if (this.find(item.id).state === 'needs_check') this.lookForMatches(item);
      return undefined;
    }
    this.options.crashPoint?.('after-answer');
    this.ledger.record(machine.markSent(this.items, item.id, created, this.options.now()));
    this.options.logger.info(`outbox: item ${item.id} sent, created id ${created.id}`);
    return created;
  }

  private lookForMatches(item: OutboxRecord): void {
    const work = this.options.findMatches(item).then(
      (matches) => {
        if (this.items.some((one) => one.id === item.id && one.state === 'needs_check')) {
          this.ledger.record(this.items.map((one) => (one.id === item.id ? { ...one, matches } : one)));
        }
      },
      (error: unknown) => this.options.logger.info('outbox: no fresh list for the check', error),
    );
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const wake = machine.nextWake(this.items);
    if (this.closed || wake === undefined) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, wake - this.options.now()));
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
