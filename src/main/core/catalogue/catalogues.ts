import {
  AppFailure,
  appError,
  type AppError,
  type AppNotice,
  type CatalogueCompleteness,
  type CatalogueMeta,
  type CatalogueState,
  type CatalogueView,
  type EnvironmentId,
  type NewPet,
  type OutboxItem,
  type Pet,
} from '../../../shared';
import { checkedAs } from '../../../shared/fold';
import { DocumentWriter } from '../document-writer';
import type { Checked, Listing } from '../outbox/machine';
import type { Logger } from '../logger';
import type { ConditionalPage } from '../petstore-client';
import { ANSWERED_FROM_THE_CATALOGUE, ServiceFailure } from '../service-errors';
import { DEFAULT_FRESHNESS } from './freshness';
import { CatalogueRows, compareIds, type PutOutcome } from './rows';
import {
  catalogueFile,
  confirmedFile,
  readCatalogue,
  readConfirmed,
  type CatalogueRead,
  serialiseCatalogue,
  syncedAtOf,
  tidyAddresses,
  type StoredCatalogue,
  type StoredConfirmation,
  type StoredPage,
} from './stored';
import { SyncCut, syncPages } from './sync';

export interface CataloguesOptions {
  dataDir: string;
  now: () => number;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  baseUrl: (environmentId: EnvironmentId) => string;
  /** One page of the list through the environment's client (its key, its Retry-After, its health); `signal` aborts it. */
  fetchPage: (
    environmentId: EnvironmentId,
    url: string,
    etag: string | undefined,
    signal: AbortSignal,
  ) => Promise<ConditionalPage>;
  /** The rows or the freshness of an environment's catalogue changed. */
  onChange: (meta: CatalogueMeta) => void;
  /** How long after an add the catalogue syncs (several adds in a row make one sync). */
  syncAfterAddMs?: number;
  /** The rows changed (a completed sync, an animal a lookup brought once one has; its 404 takes no row from the check):
   * the outbox matches its animals at the check against them (`matchesOf`); the screens are told, and the sync or the
   * lookup ends, only once it has. */
  onFreshRows?: (environmentId: EnvironmentId, matchesOf: MatchesOf) => Promise<void>;
  /** How long a read of the whole list stands for the shop now, for an add's `known` (`FreshnessTimings`). */
  listedForMs?: number;
}

/** An add's rows for the clerk's check (`OutboxItem`'s `matches`). */
export type CheckMatches = NonNullable<OutboxItem['matches']>;
export type MatchesOf = (pet: NewPet, checked: Checked) => CheckMatches;

/** An animal the outbox holds as sent: its item, the environment and address it was sent to, the service's answer. */
export interface SentAnimal {
  outboxId: string;
  environmentId: EnvironmentId;
  baseUrl: string;
  pet: Pet;
}

/** One environment at one address: its rows, its pages (for conditional requests), how fresh. */
interface Entry {
  environmentId: EnvironmentId;
  baseUrl: string;
  writer: DocumentWriter<StoredCatalogue>;
  /** When a sync that changed nothing confirmed the rows (`confirmedFile`). */
  confirmer: DocumentWriter<StoredConfirmation>;
  rows: CatalogueRows;
  pages: StoredPage[];
  completeness: CatalogueCompleteness;
  syncedAt: number | null;
  /** The `syncedAt` written with the rows now on disk (or on their way): what a confirmation confirms. */
  rowsSyncedAt: number | null;
  state: CatalogueState;
  problem: AppError | undefined;
  petsRevision: number;
  /** A sync completed in this run: the rows are the service's list and its answers since, not only a stored copy. */
  synced: boolean;
  syncing: Promise<void> | undefined;
  /** A sync was asked for after the running one asked a page: one more runs after it, for what changed meanwhile. */
  again: boolean;
  /** Whether the running sync has asked a page yet: until then, it answers anyone asking for a sync. */
  asked: boolean;
  /** Rows the outbox sent are in, not yet on disk: a sync that fails, or closing, writes them. */
  unsaved: boolean;
  /**
   * The outbox items whose sent animal these rows have held, written with them (as the file's `taken` those taken in,
   * as `put` the others): at start, one the copy lacks and never held was lost to a power cut; one taken in left since; one only put
   * in here may have been left out by a list that lags, and stays "sent" (no clock decides it).
   */
  held: Set<string>;
  /**
   * The outbox items whose sent animal the service's list has shown (or a lookup's 404 denied): one the rows lack now
   * left on the service's word (a restored shop). Not those only put in here: a list that lags behind its adds (a
   * cache, a replica) lacks the animal just added, and says nothing of it.
   */
  taken: Set<string>;
  /** The outbox items sent here, by id, with their animal: until the rows lose one taken in. */
  sent: Map<string, Pet>;
  /**
   * Those lost since, with their animal, that may revive: a list lacking it may have lagged (a replica behind), and the
   * next one holding it again as that animal gives its claim back. Not once an animal of its name and category was
   * added here meanwhile: the restored shop may have given it that id.
   */
  lapsed: Map<string, Pet>;
  /** The last sync failed on a page the service answered wrongly (a 500): the rows of the pages it did answer then. */
  partlyRead: Pet[] | undefined;
  /** When (monotonic) the last sync began, and the last that read the whole list: what it listed was there by then. */
  triedAt: number | undefined;
  listedAt: number | undefined;
}

/** The ids the service's pages listed (not those only put in here). */
const listedIds = (entry: Entry): Set<string> => new Set(entry.pages.flatMap((page) => page.pets.map((pet) => pet.id)));

/** The pages less an animal's row: the page that held it loses its ETag, so the next sync asks it in full. */
function withoutRow(pages: StoredPage[], id: string): StoredPage[] {
  return pages.map((page) => {
    if (!page.pets.some((pet) => pet.id === id)) return page;
    const { etag: _forgotten, ...asked } = page;
    return { ...asked, pets: page.pets.filter((pet) => pet.id !== id) };
  });
}

/** Why a sync failed, as the header says it: not reached (the copy held is shown) or an error. */
function failureState(error: unknown): { state: CatalogueState; problem: AppError } {
  if (error instanceof ServiceFailure) {
    return {
      state: ANSWERED_FROM_THE_CATALOGUE.has(error.appError.kind) ? 'offline' : 'error',
      problem: error.appError,
    };
  }
  if (error instanceof AppFailure) return { state: 'error', problem: error.appError };
  return { state: 'error', problem: appError('internal', 'internal') };
}

/** Its rows of this name and category, as the check matches them (`checkedAs`, names read as `plainName` reads them).
 * A service may keep a name in another Unicode form or case, its spaces trimmed or collapsed, its apostrophes
 * straightened: a row missed by the check would be sent again, a second animal. Accents count: another counter's
 * "Felix" offered for a lost "Félix" (shown by id only) would have the clerk say "It was created", and Félix would
 * never be added. */
function matching(rows: readonly Pet[], pet: NewPet): Pet[] {
  return matchingEach(rows, [pet])[0] ?? [];
}

/** `matching` for each of several animals, in one pass over the rows (a drain's batch asks a thousand). */
function matchingEach(rows: readonly Pet[], pets: readonly NewPet[]): Pet[][] {
  const asked = pets.map((pet) => checkedAs(pet));
  const found = new Map(asked.map((key) => [key, [] as Pet[]]));
  const categories = new Set(pets.map((pet) => pet.categoryId));
  // Their categories first: the names of the others are not read.
  for (const row of rows) if (categories.has(row.categoryId)) found.get(checkedAsOf(row))?.push(row);
  return asked.map((key) => found.get(key) ?? []);
}

/** The rows that may be this add, newest (highest id) first, less those listed before it was added (`known`: not it);
 * `stale` where that list was not read as it left (`knownStale`): another counter's may be among them. The row its own
 * request was answered with (`answered`) is among them whatever its name: the service may keep names otherwise. */
function candidates(rows: readonly Pet[], pet: NewPet, { known = [], knownStale, answered }: Checked) {
  const named = answered === undefined ? [] : rows.filter((row) => row.id === answered);
  const pets = [...new Set([...matching(rows, pet), ...named])]
    .filter((candidate) => !known.includes(candidate.id))
    .sort((a, b) => compareIds(b.id, a.id));
  return { pets, ...(knownStale && pets.length > 0 && { stale: true as const }) };
}

/** A row's `checkedAs`, worked out once per row: each add and each mark reads a whole category (of 10,000 animals, on
 * the loaded 2-core build machine: ~10 ms of the loop a call, ~0.7 ms with this). */
const checkedAsRows = new WeakMap<Pet, string>();
function checkedAsOf(row: Pet): string {
  let key = checkedAsRows.get(row);
  if (key === undefined) checkedAsRows.set(row, (key = checkedAs(row)));
  return key;
}

/**
 * The catalogue of each environment: every animal its service lists, kept in the app's data folder
 * (one file per environment, named by its address), synced in the background and read by every screen.
 */
export class Catalogues {
  private readonly entries = new Map<EnvironmentId, Promise<Entry>>();
  private readonly soon = new Map<EnvironmentId, ReturnType<typeof setTimeout>>();
  private closed = false;
  /** Aborts every sync's requests when the app closes: a service that never answers must not hold the closing. */
  private readonly stopping = new AbortController();
  /** One counter for every catalogue, so a revision never repeats across environments. */
  private petsRevision = 0;
  /** The outbox items taken in whose animal left the service since, in this run. */
  private readonly lost = new Set<string>();
  /** The animals the outbox holds as sent, by item (at start, then as each is sent): an address's copy loaded again
   * (the address changed and put back) is judged against those sent there, as at start, once the start told them. */
  private readonly sentAnimals = new Map<string, SentAnimal>();
  private sentTold = false;

  constructor(private readonly options: CataloguesOptions) {}

  /** The catalogue for the environment's address now (loaded from disk on first use, or after the address changed). */
  private entry(environmentId: EnvironmentId): Promise<Entry> {
    const baseUrl = this.options.baseUrl(environmentId);
    const known = this.entries.get(environmentId);
    if (known) {
      return known.then((entry) => {
        if (entry.baseUrl === baseUrl) return entry;
        // Only the first caller to see the old address replaces it: the others take that one, so the sync
        // and the screens never hold two copies of the new address's catalogue.
        if (this.entries.get(environmentId) !== known) return this.entry(environmentId);
        // The old address's last save lands before the new one is loaded (and its files tidied), with the animals
        // sent there that no sync has written yet: coming back to that address, offline, finds them.
        if (entry.unsaved) this.save(entry);
        const replacing = Promise.all([entry.writer.flush(), entry.confirmer.flush()]).then(() =>
          this.load(environmentId, baseUrl),
        );
        this.entries.set(environmentId, replacing);
        return replacing;
      });
    }
    const loading = this.load(environmentId, baseUrl);
    this.entries.set(environmentId, loading);
    return loading;
  }

  private async load(environmentId: EnvironmentId, baseUrl: string): Promise<Entry> {
    const { dataDir, now, notify, logger } = this.options;
    const filePath = catalogueFile(dataDir, environmentId, baseUrl);
    // Another address's copy stays (settings read wrongly, an address mistyped, must not cost the shop's copy).
    const removed = await tidyAddresses(dataDir, environmentId, filePath, now()).catch((error: unknown) => {
      logger.error('catalogue: could not tidy the copies of other addresses', error);
      return [];
    });
    for (const name of removed) logger.info(`catalogue: removed ${name}, a copy of another address long unused`);
    const read = await readCatalogue(filePath, environmentId, baseUrl, now()).catch((error: unknown): CatalogueRead => {
      logger.error('catalogue: could not read', error);
      return { ok: true, value: undefined };
    });
    if (!read.ok) {
      notify({
        id: `corrupt-catalogue-${environmentId}`,
        level: 'warning',
        reason: 'file_unreadable',
        params: { file: 'catalogue', problem: read.problem, backup: read.backup },
      });
    }
    if (read.ok && read.cut) {
      notify({
        id: `corrupt-catalogue-${environmentId}`,
        level: 'warning',
        reason: 'file_partly_read',
        params: { file: 'catalogue', parts: String(read.cut.page), backup: read.cut.backup },
      });
    }
    const stored = read.ok ? read.value : undefined;
    // A confirmation counts only beside rows: without them it confirms nothing.
    const confirmed = stored && (await readConfirmed(filePath));
    const rows = await CatalogueRows.of(stored?.pages ?? [], stored?.extras ?? []);
    const entry: Entry = {
      environmentId,
      baseUrl,
      writer: new DocumentWriter<StoredCatalogue>({
        filePath,
        file: 'catalogue',
        name: 'catalogue',
        serialise: serialiseCatalogue,
        notify,
        onError: (error) => {
          logger.error('catalogue: could not save', error);
        },
      }),
      confirmer: new DocumentWriter<StoredConfirmation>({
        filePath: confirmedFile(filePath),
        file: 'catalogue',
        name: 'catalogue-confirmed',
        notify,
        onError: (error) => {
          logger.error('catalogue: could not save when it was confirmed', error);
        },
      }),
      rows,
      pages: stored?.pages ?? [],
      completeness: stored?.completeness ?? 'complete',
      syncedAt: syncedAtOf(stored?.syncedAt ?? null, confirmed),
      rowsSyncedAt: stored?.syncedAt ?? null,
      state: 'syncing',
      problem: undefined,
      petsRevision: ++this.petsRevision,
      synced: false,
      syncing: undefined,
      again: false,
      asked: false,
      // What could be read of a copy cut off is written as the new file, the next sync or closing at the latest.
      unsaved: read.ok && read.cut !== undefined,
      held: new Set([...(stored?.taken ?? []), ...(stored?.put ?? [])]),
      taken: new Set(stored?.taken),
      sent: new Map(),
      lapsed: new Map(),
      partlyRead: undefined,
      triedAt: undefined,
      listedAt: undefined,
    };
    if (this.sentTold) {
      const sentHere = [...this.sentAnimals.values()].filter(
        (one) => one.environmentId === environmentId && one.baseUrl === baseUrl,
      );
      this.judgeSent(entry, sentHere);
    }
    return entry;
  }

  private metaOf(entry: Entry): CatalogueMeta {
    return {
      environmentId: entry.environmentId,
      petsRevision: entry.petsRevision,
      count: entry.rows.size,
      completeness: entry.completeness,
      syncedAt: entry.syncedAt,
      state: entry.state,
      ...(entry.problem ? { problem: entry.problem } : {}),
    };
  }

  async meta(environmentId: EnvironmentId): Promise<CatalogueMeta> {
    return this.metaOf(await this.entry(environmentId));
  }

  async view(environmentId: EnvironmentId): Promise<CatalogueView> {
    const entry = await this.entry(environmentId);
    return { ...this.metaOf(entry), pets: [...entry.rows.all()], taken: [...entry.taken] };
  }

  /** One animal by id from the catalogue, when the copy it is in was synced, and whether that copy is the whole shop.
   * Where the rows lack it, an animal sent here that no list has taken in yet is found as the list shows it ("sent",
   * `listRows`): a list that lags left it out, and saying "not in the catalogue" beside its row would be two truths. */
  async find(
    environmentId: EnvironmentId,
    id: string,
  ): Promise<{ pet: Pet | undefined; syncedAt: number | null; completeness: CatalogueCompleteness }> {
    const entry = await this.entry(environmentId);
    const pet = entry.rows.get(id) ?? this.sentNotTaken(entry, id);
    return { pet, syncedAt: entry.syncedAt, completeness: entry.completeness };
  }

  private sentNotTaken(entry: Entry, id: string): Pet | undefined {
    for (const [outboxId, pet] of entry.sent) if (pet.id === id && !entry.taken.has(outboxId)) return pet;
    return undefined;
  }

  /**
   * Syncs now; resolves when done (a failure is recorded in the state, never thrown). While a
   * sync runs, asking again waits for it and, once it has asked a page, one more, so nothing added
   * meanwhile is missed.
   */
  async sync(environmentId: EnvironmentId): Promise<CatalogueMeta> {
    const entry = await this.entry(environmentId);
    if (this.closed) return this.metaOf(entry);
    if (entry.syncing) {
      // The running sync goes round once more before it ends, unless none of its pages was asked yet.
      if (entry.asked) entry.again = true;
    } else {
      entry.syncing = this.run(entry);
    }
    await entry.syncing;
    return this.metaOf(entry);
  }

  private async run(entry: Entry): Promise<void> {
    const askedAgain = () => entry.again;
    try {
      do {
        entry.again = false;
        entry.asked = false;
        await this.syncOnce(entry);
      } while (askedAgain() && !this.closed);
    } finally {
      entry.syncing = undefined;
    }
  }

  /** Whether the environment is still at this entry's address (else the entry is an old one, left behind). */
  private current(entry: Entry): boolean {
    return this.options.baseUrl(entry.environmentId) === entry.baseUrl;
  }

  private async syncOnce(entry: Entry): Promise<void> {
    const { environmentId } = entry;
    if (!this.current(entry)) return;
    // Its pages are asked after every animal put in so far: the sync scheduled after an add would bring nothing more.
    clearTimeout(this.soon.get(environmentId));
    this.soon.delete(environmentId);
    this.setState(entry, 'syncing', undefined);
    const startedAt = (entry.triedAt = performance.now());
    const since = entry.rows.mark();
    entry.partlyRead = undefined;
    try {
      const outcome = await syncPages(
        (url, etag) => {
          entry.asked = true;
          return this.options.fetchPage(environmentId, url, etag, this.stopping.signal);
        },
        entry.baseUrl,
        entry.pages,
      );
      // The address changed while the pages came (or the rows were built): they belong to the old one, which is gone.
      if (!this.current(entry)) return;
      const complete = outcome.completeness === 'complete';
      // Every page unchanged (304s) still proves gone an animal put here before that the whole list lacks.
      const changed =
        outcome.changed || outcome.completeness !== entry.completeness || (complete && entry.rows.putBefore(since));
      // A row a lookup's 404 took out after its page was asked leaves that page too, as `remove` does.
      const leftOut = changed ? await entry.rows.rebuild(outcome.pages, complete ? since : -1, outcome.askedAt) : [];
      if (!this.current(entry)) return;
      // A lookup's 404 is not the list's word: the check keeps a row these pages show though the list leaves it out.
      const out = new Set([...leftOut, ...entry.rows.removedIds()]);
      const shown =
        out.size === 0
          ? []
          : outcome.pages.flatMap((page) => page.pets).filter((pet) => out.has(pet.id) && !entry.rows.get(pet.id));
      await this.matchAgain(entry, complete, shown);
      if (!this.current(entry)) return;
      entry.syncedAt = this.options.now();
      entry.listedAt = startedAt;
      entry.synced = true;
      entry.state = 'fresh';
      entry.problem = undefined;
      if (changed) {
        entry.pages = leftOut.reduce(withoutRow, outcome.pages);
        entry.completeness = outcome.completeness;
        entry.petsRevision = ++this.petsRevision;
      }
      this.takeListed(entry);
      // Only when the rows are not written with it: a confirmation landing before its rows must not date older ones.
      if (changed || entry.unsaved) this.save(entry);
      else entry.confirmer.save({ syncedAt: entry.syncedAt, rows: entry.rowsSyncedAt });
      this.options.logger.info(
        `catalogue: ${environmentId} synced, ${String(entry.rows.size)} animals, ${String(outcome.pages.length)} pages (${String(outcome.notModified)} unchanged)`,
      );
      this.options.onChange(this.metaOf(entry));
    } catch (cut) {
      if (!this.current(entry)) return;
      const error = cut instanceof SyncCut ? cut.failure : cut;
      const { state, problem } = failureState(error);
      // The service answered, only not with some page: what it did answer is as fresh as a whole sync.
      const read = cut instanceof SyncCut ? cut.read : [];
      if (read.length > 0)
        entry.partlyRead = [...new Map(read.flatMap((page) => page.pets).map((pet) => [pet.id, pet])).values()];
      this.options.logger.info(`catalogue: ${environmentId} not synced (${problem.kind})`);
      if (entry.unsaved) this.save(entry);
      this.setState(entry, state, problem);
    }
  }

  /**
   * After a sync: the items whose animal its pages list are taken in; one taken in that the rows lack now has left the
   * service (its claim on that id lapses); one lapsed that the pages list again as that animal is back (its claim too).
   */
  private takeListed(entry: Entry): void {
    // Read in place, the listed ids only when asked: every sync runs this, most with nothing to take (copying the sent
    // items each time was 4.4 of the 71.5 MB of garbage of the event-loop bench's session).
    let listed: Set<string> | undefined;
    const isListed = (id: string) => (listed ??= listedIds(entry)).has(id);
    entry.sent.forEach(({ id }, outboxId) => {
      if (!entry.taken.has(outboxId) && isListed(id)) entry.taken.add(outboxId);
    });
    entry.sent.forEach(({ id }, outboxId) => {
      if (entry.taken.has(outboxId) && !entry.rows.get(id)) this.lose(entry, outboxId);
    });
    entry.lapsed.forEach((pet, outboxId) => {
      const row = isListed(pet.id) ? entry.rows.get(pet.id) : undefined;
      if (!row || matching([row], pet).length === 0) return;
      entry.lapsed.delete(outboxId);
      this.lost.delete(outboxId);
      entry.sent.set(outboxId, pet);
    });
  }

  /** A sent item taken in whose animal left the service: its id may be given to another animal. */
  private lose(entry: Entry, outboxId: string): void {
    const pet = entry.sent.get(outboxId);
    if (pet) entry.lapsed.set(outboxId, pet);
    entry.sent.delete(outboxId);
    this.lost.add(outboxId);
  }

  /** Whether the catalogue took this sent item's animal in and has lost it since (a restored shop): no list has it back. */
  lostSince(outboxId: string): boolean {
    return this.lost.has(outboxId);
  }

  private setState(entry: Entry, state: CatalogueState, problem: AppError | undefined): void {
    if (entry.state === state && entry.problem?.reason === problem?.reason) return;
    entry.state = state;
    entry.problem = problem;
    this.options.onChange(this.metaOf(entry));
  }

  private save(entry: Entry): void {
    entry.unsaved = false;
    entry.rowsSyncedAt = entry.syncedAt;
    const taken = [...entry.held].filter((outboxId) => entry.taken.has(outboxId));
    const put = [...entry.held].filter((outboxId) => !entry.taken.has(outboxId));
    entry.writer.save({
      format: 'petstore-counter/catalogue',
      version: 1,
      environmentId: entry.environmentId,
      baseUrl: entry.baseUrl,
      completeness: entry.completeness,
      syncedAt: entry.syncedAt,
      pages: entry.pages,
      extras: entry.rows.extras(),
      ...(taken.length > 0 && { taken }),
      ...(put.length > 0 && { put }),
    });
  }

  /**
   * The catalogue of the address a request went to, or nothing when the environment has moved since: an answer
   * from the old address must not land in the new one's copy (its ids are another shop's).
   */
  private async entryAt(environmentId: EnvironmentId, baseUrl: string): Promise<Entry | undefined> {
    const entry = await this.entry(environmentId);
    return entry.baseUrl === baseUrl ? entry : undefined;
  }

  /**
   * The service's answer for one animal (a lookup, asked at `askedAt`, monotonic ms) goes in at once, before any
   * screen is told of it; the service wins over the copy held, and over a page of a sync asked before it. Says what it
   * changed; nothing when the environment is no longer at `baseUrl`, the address the request went to.
   */
  async put(environmentId: EnvironmentId, baseUrl: string, pet: Pet, askedAt: number): Promise<PutOutcome | undefined> {
    const entry = await this.entryAt(environmentId, baseUrl);
    if (!entry) return undefined;
    const outcome = entry.rows.put(pet, askedAt);
    if (outcome !== 'agreed') {
      this.save(entry);
      // Also during a sync, which may fail: the check is never blind to a row the list shows. Not on a stored copy only.
      if (entry.synced) await this.matchAgain(entry, entry.completeness === 'complete');
      this.changed(entry);
    }
    return outcome;
  }

  /**
   * An animal the outbox sent, in at once for the screens. Not written here: the outbox holds it on disk, and the
   * sync that follows writes it with its page (a write per sent animal was most of a 1,000-add drain's file work).
   * Nothing when the environment is no longer at `baseUrl`, the address it was sent to.
   */
  async putSent(environmentId: EnvironmentId, baseUrl: string, pet: Pet, outboxId: string): Promise<void> {
    this.sentAnimals.set(outboxId, { outboxId, environmentId, baseUrl, pet });
    const entry = await this.entryAt(environmentId, baseUrl);
    if (!entry) return;
    entry.held.add(outboxId);
    if (!this.lost.has(outboxId)) entry.sent.set(outboxId, pet);
    if (entry.rows.put(pet) === 'agreed') return;
    entry.unsaved = true;
    this.changed(entry);
    this.syncSoon(environmentId);
  }

  /**
   * At start, the animals the outbox holds as sent: a power cut after an add can come before the copy's file took it.
   * One goes in where the copy has no row for it and never held it; one taken in that it lacks now left on the service's
   * word (sold since, or gone), and is taken in as one the stored pages list; one only put in that it lacks now was
   * left out by a list that may lag, and stays "sent", as in the run that put it. There, the marks of items the outbox
   * no longer holds are dropped.
   */
  async putUnsynced(sent: readonly SentAnimal[]): Promise<void> {
    for (const animal of sent) this.sentAnimals.set(animal.outboxId, animal);
    this.sentTold = true;
    const groups = Map.groupBy(sent, ({ environmentId, baseUrl }) => `${environmentId} ${baseUrl}`);
    // All asked at once: each group is judged before any animal the outbox sends in this run is marked.
    await Promise.all(
      [...groups.values()].map(async (animals) => {
        const [first] = animals;
        const entry = first && (await this.entryAt(first.environmentId, first.baseUrl));
        if (entry) this.judgeSent(entry, animals);
      }),
    );
  }

  /** The animals the outbox holds as sent to an entry's address, judged against its copy (`putUnsynced`). */
  private judgeSent(entry: Entry, animals: readonly SentAnimal[]): void {
    const lost = animals.filter(({ outboxId, pet }) => !entry.rows.get(pet.id) && !entry.held.has(outboxId));
    const listed = listedIds(entry);
    const left = animals.filter(({ outboxId, pet }) => !entry.rows.get(pet.id) && entry.taken.has(outboxId));
    entry.held = new Set(animals.map(({ outboxId }) => outboxId));
    entry.taken = new Set([...entry.taken].filter((outboxId) => entry.held.has(outboxId)));
    for (const { outboxId, pet } of animals) {
      if (listed.has(pet.id)) entry.taken.add(outboxId);
      entry.sent.set(outboxId, pet);
    }
    for (const { outboxId } of left) this.lose(entry, outboxId);
    if (lost.length === 0) return;
    for (const { pet } of lost) entry.rows.put(pet);
    entry.unsaved = true;
    this.changed(entry);
  }

  /**
   * The service at `baseUrl`, asked at `askedAt` (monotonic ms), has no animal with this id: it leaves that address's
   * catalogue, and the stored page that held it, which loses its ETag: the next sync asks that page in full and the
   * service's list decides (a lookup's 404 is not the list's word; every page a 304 would otherwise never bring the row
   * back), unless that page was asked before the 404. Returns whether it was held.
   */
  async remove(environmentId: EnvironmentId, baseUrl: string, id: string, askedAt: number): Promise<boolean> {
    const entry = await this.entryAt(environmentId, baseUrl);
    if (!entry) return false;
    const removed = entry.rows.remove(id, askedAt);
    // An animal sent from here with this id is taken in: the next list that lacks it too lapses its claim (one 404 may
    // be a replica behind, and the other animal in doubt of that name would be offered its row).
    const gone = [...entry.sent].filter(([, pet]) => pet.id === id).map(([outboxId]) => outboxId);
    for (const outboxId of gone) {
      entry.held.add(outboxId);
      entry.taken.add(outboxId);
    }
    if (removed || gone.length > 0) {
      entry.pages = withoutRow(entry.pages, id);
      this.save(entry);
      // The check keeps the row until a list decides: a check that lost it would have the clerk add it again.
      this.changed(entry);
    }
    return removed;
  }

  /** The rows changed, by a completed sync or after one: the outbox's animals at the check are matched against them
   * (`onFreshRows`). Not for the outbox's own sent animals: each claims its row, which the check never offers to another.
   */
  private matchAgain(entry: Entry, complete: boolean, shown: readonly Pet[] = []): Promise<void> {
    const rows = shown.length > 0 ? [...entry.rows.all(), ...shown] : entry.rows.all();
    const matchesOf: MatchesOf = (pet, listing) => ({ ...candidates(rows, pet, listing), complete });
    return this.options.onFreshRows?.(entry.environmentId, matchesOf) ?? Promise.resolve();
  }

  /** The rows changed: the screens are told. */
  private changed(entry: Entry): void {
    entry.petsRevision = ++this.petsRevision;
    this.options.onChange(this.metaOf(entry));
  }

  /**
   * For the outbox's check of an uncertain add: a fresh sync, then every animal with its name and
   * category, newest (highest id) first, less those listed before the add (`known`: not it), and
   * whether the copy is the whole shop: where the service lists at most 100 a status, no match does not
   * mean no such animal. A sync that fails throws, so the check is not made on an old copy; but one the service
   * answered except on some page (it keeps failing on it) gives the rows of the pages it answered, `unread`. Where
   * `known` was not read fresh as the add left (`knownStale`), rows shown are `stale`: another counter's may be among.
   */
  async findMatches(environmentId: EnvironmentId, pet: NewPet, listing: Checked = {}): Promise<CheckMatches> {
    await this.sync(environmentId);
    const entry = await this.entry(environmentId);
    // Closing, no sync runs: the copy held may be old.
    if (this.closed) throw new AppFailure(appError('cancelled', 'cancelled'));
    const fresh = entry.state === 'fresh' ? entry.rows.all() : entry.partlyRead;
    if (!fresh) throw new AppFailure(entry.problem ?? appError('internal', 'internal'));
    if (entry.state !== 'fresh') return { ...candidates(fresh, pet, listing), complete: false, unread: true };
    return { ...candidates(fresh, pet, listing), complete: entry.completeness === 'complete' };
  }

  /**
   * The animals of each name and category the service listed just before now (`Listing`, one per `pets`): an add about
   * to leave is none of them. With `refresh`, a copy whose last whole read began more than `listedForMs` ago is synced
   * first (a sync under way that began since serves); without (the add cannot leave now), the copy is read as it is,
   * and the drain asks again before its first request. A drain's batch asks once for all its animals.
   */
  async listed(environmentId: EnvironmentId, pets: readonly NewPet[], refresh: boolean): Promise<Listing[]> {
    // None to leave (a batch of resends): nothing to read.
    if (pets.length === 0) return [];
    const askedAt = performance.now();
    const listedForMs = this.options.listedForMs ?? DEFAULT_FRESHNESS.listedForMs;
    const recent = (at: number | undefined) => at !== undefined && at >= askedAt - listedForMs;
    let entry = await this.entry(environmentId);
    if (refresh && !recent(entry.listedAt)) {
      if (entry.syncing && recent(entry.triedAt)) await entry.syncing;
      else await this.sync(environmentId);
      entry = await this.entry(environmentId);
    }
    const stale = !recent(entry.listedAt);
    return matchingEach(entry.rows.all(), pets).map((rows) => ({
      ...(rows.length > 0 && { known: rows.map((row) => row.id) }),
      ...(stale && { knownStale: true as const }),
    }));
  }

  /** Adds of these names and categories go out: a lapsed claim of one revives no more (the add may get its id). */
  async forgetLapsed(environmentId: EnvironmentId, pets: readonly NewPet[]): Promise<void> {
    const entry = await this.entry(environmentId);
    const going = new Set(pets.map((pet) => checkedAs(pet)));
    for (const [outboxId, lost] of entry.lapsed) if (going.has(checkedAs(lost))) entry.lapsed.delete(outboxId);
  }

  /** An animal was added: it is in already; the sync that follows brings its page (and anyone else's adds). */
  syncSoon(environmentId: EnvironmentId): void {
    if (this.closed) return;
    clearTimeout(this.soon.get(environmentId));
    const timer = setTimeout(() => {
      this.soon.delete(environmentId);
      void this.sync(environmentId);
    }, this.options.syncAfterAddMs ?? 500);
    this.soon.set(environmentId, timer);
  }

  /** Syncs no more: what was scheduled is dropped and the requests of a sync under way are aborted (it ends as failed). */
  stopSyncing(): void {
    this.closed = true;
    for (const timer of this.soon.values()) clearTimeout(timer);
    this.soon.clear();
    this.stopping.abort();
  }

  /** Stops syncing and resolves once every sync has ended and every save is on disk (or reported). */
  async close(): Promise<void> {
    this.stopSyncing();
    const entries = await Promise.all(this.entries.values());
    await Promise.all(
      entries.map(async (entry) => {
        await entry.syncing;
        if (entry.unsaved) this.save(entry);
        await Promise.all([entry.writer.flush(), entry.confirmer.flush()]);
      }),
    );
  }
}
