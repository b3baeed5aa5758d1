import { AppFailure, LIMIT_MAX, PET_STATUSES, type CatalogueCompleteness, type Pet } from '../../../shared';
import type { ConditionalPage } from '../petstore-client';
import { yieldToLoop, type StoredPage } from './stored';

/** How many of the held pages are asked at once: a refresh is mostly waiting on answers. */
export const IN_FLIGHT = 32;
/** How many requests start in one turn of the loop: each start is a request built and written. */
const STARTS_PER_TURN = 8;

/** Asks for one page, conditionally when an ETag is given. */
export type FetchPage = (url: string, etag: string | undefined) => Promise<ConditionalPage>;

export interface SyncOutcome {
  pages: StoredPage[];
  /**
   * Where the service links no next page, the union of "All" and each status list: `service_lists_capped` unless they
   * show the whole shop. `service_links_cut`: a next link the walk does not follow (elsewhere, or back to a page walked).
   */
  completeness: Exclude<CatalogueCompleteness, 'copy_cut_short'>;
  /** Whether any page differs from the copy held (a sync that changed nothing writes nothing). */
  changed: boolean;
  /** How many pages the service answered 304 (unchanged, no rows sent). */
  notModified: number;
  /** When each page was asked for (by URL, monotonic ms): an answer for one animal asked later is newer than its row. */
  askedAt: ReadonlyMap<string, number>;
}

/** A sync that failed: the failure, and the pages a service that answers (only not with one page) gave in that sync. */
export class SyncCut extends Error {
  constructor(
    readonly failure: unknown,
    readonly read: readonly StoredPage[],
  ) {
    super('the sync failed part-way', { cause: failure });
  }
}

const samePets = (a: readonly Pet[], b: readonly Pet[]): boolean =>
  a.length === b.length &&
  a.every((pet, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      pet.id === other.id &&
      pet.name === other.name &&
      pet.categoryId === other.categoryId &&
      pet.status === other.status
    );
  });

/** A page answered 304 keeps its copy's rows, the same array: nothing to compare. */
const samePage = (a: StoredPage, b: StoredPage): boolean =>
  a.url === b.url &&
  a.etag === b.etag &&
  a.next === b.next &&
  a.nextElsewhere === b.nextElsewhere &&
  (a.pets === b.pets || samePets(a.pets, b.pets));

/** The first page of the whole list at the largest size the service allows. */
export const firstPageUrl = (baseUrl: string): string => new URL(`${baseUrl}/pets?limit=${LIMIT_MAX}`).href;

/**
 * Walks the service's list: the first page at the largest size, then each `Link: rel="next"` to the
 * end (an empty page is the end; one already walked cuts it short). Each page is asked with the ETag of its copy; a 304 keeps the copy (its rows were not sent).
 * A service that links no next page after the first is asked for each status list too.
 * Yields to the event loop after each page that brought rows: a first sync of thousands of animals never holds it.
 */
export async function syncPages(
  fetchPage: FetchPage,
  baseUrl: string,
  held: readonly StoredPage[],
): Promise<SyncOutcome> {
  const copies = new Map(held.map((page) => [page.url, page]));
  let notModified = 0;
  const askedAt = new Map<string, number>();
  const fetchOne = async (url: string): Promise<StoredPage> => {
    const copy = copies.get(url);
    // A URL asked again ("All", to compare with the status lists) keeps its first ask's time: that page is the one kept.
    if (!askedAt.has(url)) askedAt.set(url, performance.now());
    const answer = await fetchPage(url, copy?.etag);
    if (!answer.changed) {
      notModified += 1;
      // Only a page asked with an ETag can be answered 304, so there is a copy.
      const kept = copy as StoredPage;
      const next = answer.next ?? kept.next;
      return next === kept.next ? kept : { ...kept, next };
    }
    return {
      url,
      pets: answer.pets,
      ...(answer.etag === undefined ? {} : { etag: answer.etag }),
      ...(answer.next === undefined ? {} : { next: answer.next }),
      ...(answer.elsewhere && { nextElsewhere: true }),
    };
  };

  // The held pages' URLs are where the walk will most likely go again: while it walks them, they are asked
  // IN_FLIGHT at a time, the next one as soon as any answer comes (a slow page holds back none behind it), at
  // most STARTS_PER_TURN in one turn of the loop. An answer off the walk is dropped.
  const heldUrls = held.map((page) => page.url);
  const heldAt = new Map(heldUrls.map((url, index) => [url, index]));
  const asked = new Map<string, Promise<StoredPage>>();
  let onHeld = false;
  let nextHeld = 0;
  let inFlight = 0;
  let refillLater = false;
  const refill = () => {
    for (let started = 0; onHeld && inFlight < IN_FLIGHT && nextHeld < heldUrls.length; started += 1) {
      if (started === STARTS_PER_TURN) {
        if (!refillLater) {
          refillLater = true;
          setImmediate(() => {
            refillLater = false;
            refill();
          });
        }
        return;
      }
      void ask(heldUrls[nextHeld++] as string);
    }
  };
  // Also what makes an answer the walk never reaches not an unhandled rejection.
  const settled = () => {
    inFlight -= 1;
    refill();
  };
  const ask = (url: string) => {
    let answer = asked.get(url);
    if (!answer) {
      inFlight += 1;
      answer = fetchOne(url);
      answer.then(settled, settled);
      asked.set(url, answer);
    }
    return answer;
  };
  const first = firstPageUrl(baseUrl);
  const pages: StoredPage[] = [];
  const visited = new Set<string>();
  // The requests start on a turn of their own, not on the one that asked for the sync.
  await yieldToLoop();
  const walkTo = (url: string) => {
    visited.add(url);
    const at = heldAt.get(url);
    onHeld = at !== undefined;
    if (at !== undefined) nextHeld = Math.max(nextHeld, at + 1);
    const answer = ask(url);
    refill();
    return answer;
  };
  const walk = async (): Promise<SyncOutcome> => {
    // The first animal of each page walked: a page that brings none, or one already walked, ends the walk whatever
    // its next link says, so a service whose links never end cannot hold the sync (and the app's close) for ever.
    // Links that lead back or elsewhere leave pages unread: the shop is not said to be whole.
    const heads = new Set<string>();
    let linksCut: boolean;
    let answer = walkTo(first);
    for (;;) {
      const page = await answer;
      const head = page.pets[0]?.id;
      if (head !== undefined && heads.has(head)) {
        linksCut = true;
        break;
      }
      pages.push(page);
      linksCut = page.nextElsewhere === true || (page.next !== undefined && visited.has(page.next));
      if (head === undefined || page.next === undefined || linksCut) break;
      heads.add(head);
      // The next page is asked before the yield, so its round trip and the yield overlap. A page kept as it was (a 304)
      // brought no rows to read: no yield (a refresh of 10,000 unchanged took 0.74–0.81× the time without those).
      answer = walkTo(page.next);
      if (page !== copies.get(page.url)) await yieldToLoop();
    }
    // Nothing more is asked ahead; answers still coming for pages off the walk are waited for, so none outlives the sync.
    onHeld = false;
    await Promise.allSettled(asked.values());

    let completeness: SyncOutcome['completeness'] = linksCut ? 'service_links_cut' : 'complete';
    const [only] = pages;
    if (!linksCut && pages.length === 1 && only && only.next === undefined && only.pets.length > 0) {
      // No next links: the most the service shows is each list's first page, which may hold fewer than asked ("at most
      // `limit`"): a status list showing an animal "All" did not says more exist, unless "All" asked again shows it (an
      // add landed between). A shop whose lists show nothing outside "All" (in practice, of one status) looks whole.
      const lists = await Promise.all(PET_STATUSES.map((status) => ask(`${first}&status=${status}`)));
      pages.push(...lists);
      const outside = (shown: StoredPage) => {
        const ids = new Set(shown.pets.map((pet) => pet.id));
        return lists.flatMap(({ pets }) => pets.filter((pet) => !ids.has(pet.id)));
      };
      const more = outside(only).length > 0 && outside(await fetchOne(first)).length > 0;
      if (only.pets.length >= LIMIT_MAX || more) completeness = 'service_lists_capped';
    }
    const changed =
      pages.length !== held.length ||
      pages.some((page, index) => {
        const before = held[index];
        return before === undefined || !samePage(page, before);
      });
    return { pages, completeness, changed, notModified, askedAt };
  };
  try {
    return await walk();
  } catch (failure) {
    // A page answered wrongly (a 500) by a service that answers: the held pages past it are still asked (a cursor link
    // needs no page before it), and those it answered are kept for whoever must judge on what could be read. No answer
    // at all (down, a timeout): nothing more is asked.
    const answering = failure instanceof AppFailure && failure.appError.status !== undefined;
    onHeld &&= answering;
    // Still asking (in flight, or more starts on the next turn): read in a closure, as those change on other turns.
    const asking = () => inFlight > 0 || refillLater;
    let answered: PromiseSettledResult<StoredPage>[] = [];
    while (answered.length < asked.size || asking()) {
      answered = await Promise.allSettled(asked.values());
      if (asking()) await yieldToLoop();
    }
    onHeld = false;
    const read = answering ? answered.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : [])) : [];
    throw new SyncCut(failure, read);
  }
}
