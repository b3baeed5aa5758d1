import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { writeFile } from 'atomically';
import { z } from 'zod';
import {
  AppFailure,
  OutboxItem,
  appError,
  type AppNotice,
  type EnvironmentId,
  type NewPet,
  type OutboxSnapshot,
  type Pet,
} from '../../shared';
import { moveAside } from './json-store';
import type { Logger } from './logger';
import {
  discard,
  makeDueNow,
  markFailed,
  markSending,
  markSent,
  newItem,
  nextDue,
  nextWake,
  pendingCount,
  recoverInterrupted,
  retry,
} from './outbox-state';
import { ServiceFailure } from './service-errors';

const SAVE_FAILED_ERROR = appError(
  'storage',
  'The app could not save the waiting animals to disk. Check free disk space.',
);
const SAVE_FAILED: AppNotice = { id: 'write-failed-outbox', level: 'error', message: SAVE_FAILED_ERROR.message };

const OutboxDocument = z.strictObject({ version: z.literal(1), items: z.array(OutboxItem) });

export interface OutboxOptions {
  filePath: string;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  onChange: () => void;
  /** Sends one item to its own environment; throws ServiceFailure (or AppFailure before any request). */
  send: (item: OutboxItem) => Promise<Pet>;
  /** False while an environment cannot be sent to at all (platform offline, no key): its items wait, queued. */
  canSend: (environmentId: EnvironmentId) => boolean;
}

/**
 * Animals waiting to be sent, in a file written atomically (temporary file,
 * fsync, rename) after every change, so a crash never loses or half-writes
 * one. One send at a time; an item is marked `sending` on disk before its
 * request goes out.
 */
export class Outbox {
  private items: OutboxItem[];
  private draining: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Writes run one after another, in the order of the changes. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: OutboxOptions) {
    this.items = recoverInterrupted(this.load());
    // Any later write (a send marks its item first) waits for this one.
    this.persist().catch((error: unknown) => {
      this.options.logger.error('outbox: could not save', error);
      this.options.notify(SAVE_FAILED);
    });
  }

  snapshot(): OutboxSnapshot {
    return { items: this.items };
  }

  get pending(): number {
    return pendingCount(this.items);
  }

  get sending(): boolean {
    return this.items.some((item) => item.state === 'sending');
  }

  /** Adds an animal; it is on disk when the promise resolves. */
  async enqueue(environmentId: EnvironmentId, pet: NewPet): Promise<OutboxItem> {
    const item = newItem(randomUUID(), environmentId, pet, this.options.now());
    await this.update([...this.items, item]);
    this.wake();
    return item;
  }

  async retry(id: string): Promise<OutboxSnapshot> {
    this.find(id);
    await this.update(retry(this.items, id, this.options.now()));
    this.wake();
    return this.snapshot();
  }

  async discard(id: string): Promise<OutboxSnapshot> {
    if (this.find(id).state === 'sending') {
      throw new AppFailure(appError('invalid_input', 'This animal is being sent right now; wait for the result.'));
    }
    await this.update(discard(this.items, id));
    return this.snapshot();
  }

  /** The service is back: items waiting out a backoff go now. */
  resume(): void {
    this.update(makeDueNow(this.items, this.options.now())).then(
      () => {
        this.wake();
      },
      (error: unknown) => {
        this.options.logger.error('outbox: could not resume', error);
      },
    );
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

  /** Stops the timer and waits for the item in flight, if any. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.draining;
    await this.writes;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const item = nextDue(this.items, this.options.now(), this.options.canSend);
      if (!item) return;
      await this.update(markSending(this.items, item.id));
      try {
        const created = await this.options.send(item);
        await this.update(markSent(this.items, item.id, created));
        this.options.logger.info(`outbox: item ${item.id} sent, created id ${created.id}`);
      } catch (error) {
        // Thrown before any request (no key, keychain): provably never sent. Anything unknown: the user decides.
        const failure =
          error instanceof ServiceFailure
            ? error
            : error instanceof AppFailure
              ? new ServiceFailure(error.appError, 'not_reached')
              : new ServiceFailure(appError('internal', 'Sending failed unexpectedly.'), 'ambiguous');
        await this.update(markFailed(this.items, item.id, failure.appError, failure.reach, this.options.now()));
        this.options.logger.warn(`outbox: item ${item.id} failed (${failure.appError.kind}, ${failure.reach})`);
      }
    }
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const wake = nextWake(this.items);
    if (this.closed || wake === undefined) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, wake - this.options.now()));
  }

  private find(id: string): OutboxItem {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) throw new AppFailure(appError('not_found', 'That animal is no longer waiting to be sent.'));
    return item;
  }

  /** Applies a change once it is on disk; a failed write undoes it (unless something changed since) and is the caller's error. */
  private async update(items: OutboxItem[]): Promise<void> {
    const previous = this.items;
    this.items = items;
    try {
      await this.persist();
    } catch (error) {
      if (this.items === items) this.items = previous;
      this.options.logger.error('outbox: could not save', error);
      throw new AppFailure(SAVE_FAILED_ERROR);
    }
    this.options.onChange();
  }

  /** An atomic write (temporary file, fsync, rename) off the main thread, after any write before it. */
  private persist(): Promise<void> {
    const text = JSON.stringify({ version: 1, items: this.items });
    const write = this.writes.then(() => writeFile(this.options.filePath, text, { fsync: true }));
    this.writes = write.catch(() => undefined);
    return write;
  }

  private load(): OutboxItem[] {
    const { filePath } = this.options;
    if (!existsSync(filePath)) return [];
    let reason: string;
    try {
      const parsed = OutboxDocument.safeParse(JSON.parse(readFileSync(filePath, 'utf8')));
      if (parsed.success) return parsed.data.items;
      reason = 'it holds data the app does not recognise';
    } catch {
      reason = 'it is not valid JSON';
    }
    const backup = moveAside(filePath, this.options.now());
    this.options.notify({
      id: 'corrupt-outbox',
      level: 'error',
      message: `The list of animals waiting to be sent could not be read (${reason}). The app started with an empty list and kept the old file as ${basename(backup)}; animals in it were not sent.`,
    });
    return [];
  }
}
