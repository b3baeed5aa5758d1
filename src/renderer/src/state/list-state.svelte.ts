import type { AppError } from '../../../shared/app-error';
import type { EnvironmentId } from '../../../shared/environments';
import type { PetstoreApi } from '../../../shared/ipc-contract';
import type { Pet } from '../../../shared/pet';
import type { Result } from '../../../shared/result';
import type {
  CatalogueMeta,
  CategoryLabel,
  OutboxItem,
  RevisedCatalogue,
  RevisedCatalogueMeta,
} from '../../../shared/views';
import type { Locale } from '../i18n/locales';
import { call, isKeyProblem } from '../lib/api';
import { listRows, listTotals, newItemIds, unlisted, type ListRow } from '../lib/list-rows';
import { visibleRows } from '../lib/search';
import { nextSortOrder, sortRows, type SortKey, type SortOrder } from '../lib/sort';
import type { StatusChoice } from '../lib/status-choices';

export interface ListOptions {
  api: PetstoreApi;
  environmentId: EnvironmentId;
  /** The environment's outbox items when the list opens: these are not "just added". */
  outbox: readonly OutboxItem[];
  onKeyProblem: (error: AppError) => void;
  now?: () => number;
  /** The sort the clerk chose for this environment before, and where a new choice goes to be kept. */
  sort?: SortOrder | null;
  onSort?: (order: SortOrder | null) => void;
  /** The catalogue asked for at start, alongside the settings: the first read takes it instead of asking again. */
  early?: Promise<Result<RevisedCatalogue>>;
  /** The clerk's category names as they are now: the category column sorts by them. */
  categories?: () => readonly CategoryLabel[];
  /** The language in use: names sort as it reads them (Spanish's ñ after n). */
  language?: () => Locale;
}

/**
 * One environment's animal list: the whole catalogue on this computer and
 * the animals not sent yet, searched, filtered and sorted here.
 */
export class ListState {
  #statusChoice = $state<StatusChoice>('all');
  #filterText = $state('');
  /** The catalogue without its rows: how many, how fresh, whether complete. */
  meta = $state.raw<CatalogueMeta | null>(null);
  // Raw: the catalogue is replaced whole at each revision, never edited, so its rows need no deep proxies.
  pets = $state.raw<readonly Pet[]>([]);
  /** The outbox items whose animal the catalogue has taken in, read with its rows. */
  taken = $state.raw<readonly string[]>([]);
  /** The environment's outbox items (AppState keeps them in step with main). */
  outbox = $state.raw<readonly OutboxItem[]>([]);
  /** Animals the service created from this counter in this session, until the catalogue lists them or took them in. */
  added = $state.raw<readonly Pet[]>([]);
  /** Rows just added here: shown while the search and status they were added under stay, whatever those say. */
  keep = $state.raw<readonly string[]>([]);
  sort = $state.raw<SortOrder | null>(null);
  /** The row whose details are open, and the row the keyboard is on. */
  detailKey = $state<string | null>(null);
  activeKey = $state<string | null>(null);
  /** The row added last here: the grid scrolls to it and highlights it (it may sit at the end of a long list). */
  revealKey = $state<string | null>(null);
  /** The catalogue is being read from main (at start, and after each new revision). */
  loading = $state(true);
  error = $state<AppError | null>(null);
  #now = $state(0);
  #petsRevision = -1;
  #metaRevision = -1;
  #reading: Promise<void> | null = null;
  #readAgain = false;
  #early: Promise<Result<RevisedCatalogue>> | undefined;
  #first: Promise<void> | undefined;
  readonly #options: ListOptions;
  readonly #clock: () => number;

  readonly all: readonly ListRow[] = $derived(listRows(this.pets, this.outbox, this.added, this.taken));
  readonly sorted: readonly ListRow[] = $derived(sortRows(this.all, this.sort, this.#categories(), this.#language()));
  readonly rows: readonly ListRow[] = $derived(visibleRows(this.sorted, this.statusChoice, this.filterText, this.keep));
  readonly totals = $derived(listTotals(this.all));
  readonly idDigits = $derived(this.all.reduce((longest, row) => Math.max(longest, row.pet.id?.length ?? 1), 1));
  readonly detail: ListRow | null = $derived(
    this.detailKey === null ? null : (this.all.find((row) => row.key === this.detailKey) ?? null),
  );

  constructor(options: ListOptions) {
    this.#options = options;
    this.#clock = options.now ?? Date.now;
    this.#now = this.#clock();
    this.outbox = options.outbox;
    this.sort = options.sort ?? null;
    this.#early = options.early;
    // The start's catalogue is taken as soon as the list exists, while the page still waits for its language: the
    // first screen is then drawn with its rows, not with "Loading" first. The first load() is this read.
    if (options.early) this.#first = this.load();
  }

  get statusChoice(): StatusChoice {
    return this.#statusChoice;
  }

  // A new search or status is a new question: the rows kept in view for the last one answer it no more.
  set statusChoice(choice: StatusChoice) {
    if (choice !== this.#statusChoice) this.keep = [];
    this.#statusChoice = choice;
  }

  get filterText(): string {
    return this.#filterText;
  }

  set filterText(text: string) {
    if (text !== this.#filterText) this.keep = [];
    this.#filterText = text;
  }

  #categories(): readonly CategoryLabel[] {
    return this.#options.categories?.() ?? [];
  }

  #language(): Locale | undefined {
    return this.#options.language?.();
  }

  get environmentId(): EnvironmentId {
    return this.#options.environmentId;
  }

  /** The time ages are told by (moved by `tick`). */
  get now(): number {
    return this.#now;
  }

  tick(): void {
    this.#now = this.#clock();
  }

  /** The list is narrowed (a status or a search): the count says "3 of 260". */
  get narrowed(): boolean {
    return this.statusChoice !== 'all' || this.filterText.trim() !== '';
  }

  /** A click on a column header: by it, reversed, then back to the catalogue's order; remembered. */
  sortBy(key: SortKey): void {
    this.sort = nextSortOrder(this.sort, key);
    this.#options.onSort?.(this.sort);
  }

  /** Reads the catalogue from main; a read asked for while one runs runs once more after it. */
  load(): Promise<void> {
    const first = this.#first;
    if (first) {
      this.#first = undefined;
      return first;
    }
    if (this.#reading) {
      this.#readAgain = true;
      return this.#reading;
    }
    this.#reading = this.#read().finally(() => {
      this.#reading = null;
      if (this.#readAgain) {
        this.#readAgain = false;
        void this.load();
      }
    });
    return this.#reading;
  }

  /** Refresh: main syncs the catalogue with the service now; new rows follow as a new revision. */
  async refresh(): Promise<void> {
    this.error = null;
    const result = await call(this.#options.api, 'refreshCatalogue', {});
    if (result.ok) this.applyMeta(result.value);
    else this.#failed(result.error);
  }

  /** Main's word that the catalogue changed: its freshness at once, its rows read when their revision grew. */
  applyMeta(meta: RevisedCatalogueMeta): void {
    if (meta.environmentId !== this.#options.environmentId || meta.revision <= this.#metaRevision) return;
    this.#metaRevision = meta.revision;
    this.#showMeta(meta);
    if (meta.petsRevision > this.#petsRevision) void this.load();
  }

  /** The outbox changed: an item not seen before was added here now, and stays in view through a search. */
  setOutbox(items: readonly OutboxItem[]): void {
    const fresh = newItemIds(this.outbox, items);
    this.outbox = items;
    if (fresh.length > 0) {
      this.keep = [...this.keep, ...fresh];
      this.revealKey = fresh.at(-1) ?? null;
    }
  }

  /**
   * Animals the service created from this counter: in the list at once, before the catalogue's next revision.
   * Shown (scrolled to, the current row) only when the clerk just added them, not when sent in the background.
   */
  created(pets: readonly Pet[], reveal = true): void {
    const ids = pets.map((pet) => pet.id);
    this.added = [...this.added.filter((pet) => !ids.includes(pet.id)), ...pets];
    // Sent in the background, it answers to the search like any row (a row kept as added here keeps its key).
    if (!reveal) return;
    // Its row may be the outbox item's (same animal, the key of the item it was sent through): that key is kept too.
    const sent = this.outbox.filter((item) => item.created && ids.includes(item.created.id)).map((item) => item.id);
    this.keep = [...this.keep, ...ids, ...sent];
    this.revealKey = sent.at(-1) ?? pets.at(-1)?.id ?? this.revealKey;
  }

  async #read(): Promise<void> {
    const early = this.#early;
    this.#early = undefined;
    const ask = () => call(this.#options.api, 'getCatalogue', {});
    let result = await (early ?? ask());
    // The start's catalogue is the environment selected then: if the clerk switched meanwhile, ask for this one.
    if (early && result.ok && result.value.environmentId !== this.#options.environmentId) result = await ask();
    this.loading = false;
    if (!result.ok) {
      this.#failed(result.error);
      return;
    }
    const catalogue = result.value;
    if (catalogue.environmentId !== this.#options.environmentId) return;
    if (catalogue.revision > this.#metaRevision) {
      this.#metaRevision = catalogue.revision;
      const { pets: _pets, taken: _taken, ...meta } = catalogue;
      this.#showMeta(meta);
    }
    if (catalogue.petsRevision <= this.#petsRevision) return;
    this.#petsRevision = catalogue.petsRevision;
    this.pets = catalogue.pets;
    this.taken = catalogue.taken ?? [];
    // What the catalogue lists needs no stand-in (one it took in and lacks now is no row either: listRows).
    this.added = unlisted(this.added, catalogue.pets);
    this.#now = this.#clock();
  }

  /** The sync's own failure: a refused or missing key leads the clerk to the key entry, as a failed request does. */
  #showMeta(meta: CatalogueMeta): void {
    this.meta = meta;
    if (meta.problem && isKeyProblem(meta.problem)) this.#options.onKeyProblem(meta.problem);
  }

  #failed(error: AppError): void {
    this.error = error;
    if (isKeyProblem(error)) this.#options.onKeyProblem(error);
  }
}
