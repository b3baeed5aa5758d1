import type { AppError } from '../../../shared/app-error';
import type { EnvironmentId } from '../../../shared/environments';
import type { PetstoreApi } from '../../../shared/ipc-contract';
import type { ListQuery } from '../../../shared/list-query';
import type { Pet, PetStatus } from '../../../shared/pet';
import type { PetList, SavedPet } from '../../../shared/views';
import { call, isKeyProblem } from '../lib/api';
import { withJustAdded } from '../lib/filter';
import type { ListSituation } from '../lib/list-status';
import { searchRows, type FoundRow } from '../lib/search';
import { nextSortOrder, readSortOrder, saveSortOrder, sortRows, type SortKey, type SortOrder } from '../lib/sort';
import type { StatusChoice } from '../lib/status-choices';
import { checkLimit } from '../lib/validate';
import { environmentName } from '../lib/environments';

export interface ListOptions {
  api: PetstoreApi;
  environmentId: EnvironmentId;
  /** Main's English label: unused, the list names its environment from the id in the language in use. */
  environmentLabel?: string;
  /** The query the form starts with (the one last used). */
  seed: ListQuery;
  onKeyProblem: (error: AppError) => void;
  now?: () => number;
  /** Where the chosen sort order is remembered per environment (the page's localStorage); none in tests. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return a.limit === b.limit && a.status === b.status;
}

/** One environment's animal list: the form, the rows on screen, and where they came from. */
export class ListState {
  statusChoice = $state<StatusChoice>('all');
  limitText = $state('20');
  filterText = $state('');
  // Raw: a list is replaced whole, never edited, so its hundred rows need no deep proxies.
  list = $state.raw<PetList | null>(null);
  /** Animals added here in this session: shown first even when the service orders them out of the page. */
  justAdded = $state.raw<Pet[]>([]);
  /** The animals of the environment's saved lists, for the search box. */
  saved = $state.raw<SavedPet[]>([]);
  sort = $state.raw<SortOrder | null>(null);
  /** The row whose details are open. */
  detail = $state.raw<FoundRow | null>(null);
  loading = $state(false);
  /** A "Load more" is under way; its failure, shown beside the button. */
  loadingMore = $state(false);
  moreError = $state<AppError | null>(null);
  /** Pages were added under the first: the list now ends where the service's last page did, or at its next link. */
  loadedMore = $state(false);
  error = $state<AppError | null>(null);
  #receivedAt = $state(0);
  #now = $state(0);
  #latestRequest = 0;
  readonly #options: ListOptions;
  readonly #clock: () => number;

  readonly limitCheck = $derived(checkLimit(this.limitText));
  readonly #collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  readonly rows = $derived(
    sortRows(
      searchRows(
        withJustAdded(this.list?.pets ?? [], this.justAdded, this.list?.query.status),
        this.saved,
        this.filterText,
      ),
      this.sort,
      this.#collator,
    ),
  );

  /** What the banner, count and empty-table texts are told from. */
  get situation(): ListSituation {
    return {
      list: this.list,
      ageMs: this.list ? this.list.ageMs + Math.max(0, this.#now - this.#receivedAt) : 0,
      loading: this.loading,
      error: this.error,
      filterText: this.filterText,
      shown: this.rows.length,
      environmentLabel: environmentName(this.#options.environmentId),
      loadedMore: this.loadedMore,
    };
  }

  constructor(options: ListOptions) {
    this.#options = options;
    this.#clock = options.now ?? Date.now;
    this.statusChoice = options.seed.status ?? 'all';
    this.limitText = String(options.seed.limit);
    this.#now = this.#clock();
    if (options.storage) this.sort = readSortOrder(options.storage, options.environmentId);
  }

  /** A click on a column header: by it, reversed, then back to the service's order; remembered. */
  sortBy(key: SortKey): void {
    this.sort = nextSortOrder(this.sort, key);
    if (this.#options.storage) saveSortOrder(this.#options.storage, this.#options.environmentId, this.sort);
  }

  /** Stale-while-revalidate: the saved copy shows at once, the service's answer replaces it. */
  async refresh(): Promise<void> {
    const limit = this.limitCheck;
    if (!limit.ok) return;
    const status = this.statusChoice === 'all' ? undefined : this.statusChoice;
    const query: ListQuery = { limit: limit.value, ...(status ? { status } : {}) };
    const request = ++this.#latestRequest;
    const { api, environmentId, onKeyProblem } = this.#options;
    this.loading = true;
    this.error = null;
    // Rows of another query never stand under this one's filters; its saved copy follows in milliseconds.
    if (this.list && (this.list.environmentId !== environmentId || !sameQuery(this.list.query, query))) {
      this.list = null;
    }
    void call(api, 'getCachedPets', { query }).then((cached) => {
      if (request === this.#latestRequest && this.loading && cached.ok && cached.value) this.#show(cached.value);
    });
    const fresh = await call(api, 'listPets', { query });
    if (request !== this.#latestRequest) return;
    this.loading = false;
    if (fresh.ok) {
      this.#show(fresh.value);
      await this.#loadSaved(fresh.value.environmentId);
      return;
    }
    this.error = fresh.error;
    if (isKeyProblem(fresh.error)) onKeyProblem(fresh.error);
    await this.#loadSaved(environmentId);
  }

  /** "Load more": the page the service linked to, appended; an animal already shown is not shown twice. */
  async loadMore(): Promise<void> {
    const list = this.list;
    if (!list?.next || this.loadingMore) return;
    const request = this.#latestRequest;
    this.loadingMore = true;
    this.moreError = null;
    const page = await call(this.#options.api, 'listMorePets', { query: list.query, next: list.next });
    this.loadingMore = false;
    // A refresh since then replaced the list: this page belongs to the old one.
    if (request !== this.#latestRequest || this.list !== list) return;
    if (!page.ok) {
      this.moreError = page.error;
      if (isKeyProblem(page.error)) this.#options.onKeyProblem(page.error);
      return;
    }
    // A lookup for this one call, not state: nothing renders from it.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const shown = new Set(list.pets.map((pet) => pet.id));
    const added = page.value.pets.filter((pet) => !shown.has(pet.id));
    const extended: PetList = { ...list, pets: [...list.pets, ...added] };
    if (page.value.next) extended.next = page.value.next;
    else delete extended.next;
    this.list = extended;
    this.loadedMore = true;
  }

  setStatus(next: PetStatus | undefined): Promise<void> {
    this.statusChoice = next ?? 'all';
    return this.refresh();
  }

  /** Animals that reached the service from here: first in the list, then the list asked again. */
  added(pets: readonly Pet[]): Promise<void> {
    const ids = pets.map((pet) => pet.id);
    this.justAdded = [...pets, ...this.justAdded.filter((other) => !ids.includes(other.id))];
    return this.refresh();
  }

  get environmentId(): EnvironmentId {
    return this.#options.environmentId;
  }

  /** The time the list's ages are told by (moved by `tick`). */
  get now(): number {
    return this.#now;
  }

  /** Moves the clock the list's age is told by. */
  tick(): void {
    this.#now = this.#clock();
  }

  async #loadSaved(environmentId: EnvironmentId): Promise<void> {
    const saved = await call(this.#options.api, 'getSavedPets', {});
    if (saved.ok && saved.value.environmentId === environmentId) this.saved = saved.value.pets;
  }

  #show(value: PetList): void {
    this.list = value;
    this.loadedMore = false;
    this.moreError = null;
    this.#receivedAt = this.#clock();
    this.#now = this.#receivedAt;
  }
}
