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
type ItemsChange = (items: OutboxRecord[]) => OutboxRecord[];

export interface OutboxOptions {
  file: OutboxFile;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  /** The file changed; `sent` are the animals this change sent. */
  onChange: (sent: readonly OutboxRecord[]) => void;
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
  /** Exactly what the file holds, and its summary. */
  private contents: OutboxContents;
  private summarised: machine.Summary;
  /** Changes waiting to be written; an outcome resolves even when its write fails, and stays to be written again. */
  private queue: Array<{ change: Change; outcome: boolean; resolve: () => void; reject: (error: Error) => void }> = [];
  private writing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  /** Direct adds and match look-ups under way: closing waits for them. */
  private readonly underWay = new Set<Promise<unknown>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Each record's view: a change builds the views of only the records it made. */
  private readonly view = machine.perRecord(machine.toView);

  constructor(private readonly options: OutboxOptions) {
    this.contents = options.file.load();
    this.summarised = machine.summary(this.items);
    if (options.file.newerVersion !== undefined) return;
    void this.record((items) => machine.restart(items, this.facts, options.now())).then(() => this.lookForMatches());
  }

  private get items(): OutboxRecord[] {
    return this.contents.items;
  }

  snapshot(): OutboxSnapshot {
    return { items: this.items.map(this.view) };
  }

  /** As the file holds it. */
  get summary(): machine.Summary {
    return this.summarised;
  }

  /** Every add: on disk as `sending`, then sent; an unsure outcome stays in the outbox with its key. */
  add(environmentId: EnvironmentId, pet: NewPet): Promise<CreateOutcome> {
    return this.track(async (): Promise<CreateOutcome> => {
      const now = this.options.now();
      const item = machine.newRecord({ id: randomUUID(), key: randomUUID(), environmentId, pet }, now);
      await this.change((items) => [...items, machine.sending(item, undefined, now)]);
      const { created, written } = await this.sendOne(item);
      await written;
      if (created) return { outcome: 'created', pet: created };
      const after = this.items.find((one) => one.id === item.id) ?? item;
      if (after.state === 'rejected' && after.lastError) {
        // Refused for good: the add panel shows why; nothing is left waiting.
        await this.record((items) => machine.update(items, [item.id], () => undefined));
        throw new ServiceFailure(after.lastError, 'answered');
      }
      this.wake();
      return { outcome: 'queued', item: this.view(after) };
    });
  }

  sendAgain = (id: string) => this.byClerk(id, (item) => machine.sendAgain(item, this.options.now()));
  confirmCreated = (id: string) => this.byClerk(id, (item) => machine.confirmCreated(item, this.options.now()));
  edit = (id: string, pet: NewPet) =>
    this.byClerk(id, (item) => machine.edit(item, pet, randomUUID(), this.options.now()));
  discard = (id: string) => this.byClerk(id, machine.discard);

  /** The service answered or the platform is online again: animals that waited for it go now. */
  resume(): void {
    const now = this.options.now();
    if (this.summarised.heldForServiceUntil > now) {
      void this.record((items) => machine.makeDueNow(items, now));
    }
    this.wake();
  }

  /** Starts sending if anything is due and nothing is being sent. */
  wake(): void {
    if (this.closed || this.draining || this.summarised.nextDueAt > this.options.now()) return;
    this.draining = this.drain()
      .catch((error: unknown) => this.options.logger.error('outbox: sending stopped', error))
      .finally(() => {
        this.draining = undefined;
        this.schedule(true);
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    while (this.underWay.size > 0 || this.draining) await Promise.allSettled([...this.underWay, this.draining]);
    await this.writing;
  }

  /** A clerk's change to one animal, on disk before the answer; one the machine leaves as it is, is busy. */
  private async byClerk(id: string, change: (item: OutboxRecord) => OutboxRecord | undefined): Promise<OutboxSnapshot> {
    const item = this.items.find((one) => one.id === id);
    if (!item) throw new AppFailure(appError('not_found', 'outbox_item_gone'));
    if (change(item) === item) throw new AppFailure(appError('invalid_input', 'outbox_item_busy'));
    await this.change((items) => machine.update(items, [id], change));
    this.wake();
    return this.snapshot();
  }

  /** Sends what is due. After a failure the next animal is still tried; when it fails too, the line waits. */
  private async drain(): Promise<void> {
    const { now, canSend } = this.options;
    let failedInRow = 0;
    for (;;) {
      const batch = this.closed ? [] : machine.dueBatch(this.items, now(), canSend, this.facts);
      const [head] = batch;
      if (!head) return;
      const ids = batch.map((item) => item.id);
      const known = this.facts(head.environmentId);
      await this.change((items) => machine.update(items, ids, (item) => machine.sending(item, known, now())));
      const marking = new Set(ids);
      const marked = this.items.filter((item) => marking.has(item.id));
      this.lookForMatches(marked);
      const toSend = marked.filter((item) => item.state === 'sending');
      const markedAt = now();
      // Each outcome is written while the next request is on its way (and the next batch's marks after them).
      let tried = 0;
      for (const item of toSend) {
        if (this.closed || failedInRow >= 2 || now() - markedAt > machine.BATCH_WINDOW_MS) break;
        tried += 1;
        const { created } = await this.sendOne(item);
        failedInRow = created ? 0 : failedInRow + 1;
      }
      const unsent = toSend.slice(tried).map((item) => item.id);
      const down = failedInRow >= 2;
      if (!down && unsent.length === 0) continue;
      // Two in a row failed: the service is down, and the environment's whole line waits.
      const until = now() + (down ? machine.backoffMs(head.attempts + 1) : 0);
      await this.record((items) => machine.holdBack(items, unsent, until, down ? head.environmentId : undefined));
      if (down) failedInRow = 0;
    }
  }

  /** The request alone is inside the failure handling; recording its outcome never leads to a resend. */
  private async sendOne(item: OutboxRecord): Promise<{ created?: Pet; written: Promise<void> }> {
    let answer: { headers: Headers; status: number } | undefined;
    let created: Pet | undefined;
    let outcome: (one: OutboxRecord, honoured: boolean) => OutboxRecord;
    try {
      created = await this.options.send(item, (headers, status) => (answer = { headers, status }));
      this.options.logger.info(`outbox: item ${item.id} sent, created id ${created.id}`);
      outcome = (one) => machine.sent(one, created, this.options.now());
    } catch (error) {
      const { appError, reach } = machine.asFailure(error);
      this.options.logger.warn(`outbox: item ${item.id} failed (${appError.kind}, ${reach})`);
      const failure = { error: this.options.file.redactError(appError), reach };
      outcome = (one, honoured) => machine.failed(one, failure, honoured, this.options.now());
    }
    const slot = this.slot(item.environmentId);
    const written = this.write(true, ({ items, services }) => {
      const known = machine.learn(services, slot, item.key, answer);
      const honoured = known[slot]?.honours === true;
      return { services: known, items: machine.update(items, [item.id], (one) => outcome(one, honoured)) };
    });
    const checkIfWaiting = () => this.lookForMatches(this.items.filter((one) => one.id === item.id));
    return { created, written: written.then(checkIfWaiting) };
  }

  /** The service's rows that may be these animals, for the clerk's check: those that wait for it. */
  private lookForMatches(items: readonly OutboxRecord[] = this.items): void {
    for (const item of items.filter((one) => one.state === 'needs_check' && !one.matches)) {
      const found = (matches: Pet[]) => (one: OutboxRecord) => machine.withMatches(one, matches);
      void this.track(() =>
        this.options.findMatches(item).then(
          (matches) => this.record((items) => machine.update(items, [item.id], found(matches))),
          (error: unknown) => this.options.logger.info('outbox: no fresh list for the check', error),
        ),
      );
    }
  }

  /** A change the clerk asked for: on disk, or refused with the reason. */
  private change(change: ItemsChange): Promise<void> {
    return this.write(false, (contents) => ({ ...contents, items: change(contents.items) }));
  }

  /** A change of the outbox's own (an outcome, a recovery): a failed write is a notice, never the caller's error. */
  private record(change: ItemsChange): Promise<void> {
    return this.write(true, (contents) => ({ ...contents, items: change(contents.items) }));
  }

  /** Changes waiting together are written together, and memory takes them only once the file holds them. */
  private write(outcome: boolean, change: Change): Promise<void> {
    const written = new Promise<void>((resolve, reject) => this.queue.push({ change, outcome, resolve, reject }));
    this.writing ??= this.writeQueued();
    return written;
  }

  private async writeQueued(): Promise<void> {
    for (let group = this.queue.splice(0); group.length > 0; group = this.queue.splice(0)) {
      const next = group.reduce((contents, one) => one.change(contents), this.contents);
      try {
        await this.options.file.write(next);
        const sent = machine.newlySent(this.items, next.items);
        this.contents = next;
        this.summarised = machine.summary(next.items);
        group.forEach((one) => one.resolve());
        this.options.onChange(sent);
        // What is due may have changed: the timer follows the disk.
        if (!this.draining) this.schedule();
      } catch (error) {
        this.options.logger.error('outbox: could not save', error);
        const reason = this.options.file.newerVersion === undefined ? 'outbox_save_failed' : 'outbox_read_only';
        group.forEach((one) => (one.outcome ? one.resolve() : one.reject(new AppFailure(appError('storage', reason)))));
        // Memory stays as the disk is (a sent animal still `sending`); an outcome is written with the next change.
        const outcomes = group.filter((one) => one.outcome);
        if (outcomes.length === 0) continue;
        this.queue.unshift(...outcomes);
        this.options.notify(fileNotSavedNotice('outbox', 'outbox'));
        setTimeout(() => this.closed || void this.write(true, (same) => same), 1000).unref();
        break;
      }
    }
    this.writing = undefined;
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const promise = work();
    this.underWay.add(promise);
    const forget = () => this.underWay.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  private schedule(drained = false): void {
    clearTimeout(this.timer);
    const { nextDueAt } = this.summarised;
    const now = this.options.now();
    if (this.closed || nextDueAt === Infinity) return;
    // Still due after a drain: its environment cannot be sent to (offline, no key), and going online or a key wakes
    // it; until then it is looked at now and then, and another animal falling due meanwhile still goes on time.
    const at = drained && nextDueAt <= now ? machine.nextDueAfter(this.items, now) : nextDueAt;
    this.timer = setTimeout(() => this.wake(), Math.max(0, at - now));
  }

  private slot(environmentId: EnvironmentId): string {
    return `${environmentId} ${this.options.address(environmentId)}`;
  }

  private readonly facts = (environmentId: EnvironmentId): machine.ServiceFacts | undefined =>
    this.contents.services[this.slot(environmentId)];
}
