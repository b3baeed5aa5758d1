import { LIMIT_MAX, PET_STATUSES, type Pet } from '../../../shared';
import type { ConditionalPage } from '../petstore-client';
import { yieldToLoop, type StoredPage } from './stored';

/** Asks for one page, conditionally when an ETag is given. */
export type FetchPage = (url: string, etag: string | undefined) => Promise<ConditionalPage>;

export interface SyncOutcome {
  pages: StoredPage[];
  /** False when the service links no next page: the union of "All" and each status list, at most 100 each. */
  complete: boolean;
  /** Whether any page differs from the copy held (a sync that changed nothing writes nothing). */
  changed: boolean;
  /** How many pages the service answered 304 (unchanged, no rows sent). */
  notModified: number;
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

const samePage = (a: StoredPage, b: StoredPage): boolean =>
  a.url === b.url && a.etag === b.etag && a.next === b.next && samePets(a.pets, b.pets);

/** The first page of the whole list at the largest size the service allows. */
export const firstPageUrl = (baseUrl: string): string => new URL(`${baseUrl}/pets?limit=${LIMIT_MAX}`).href;

/**
 * Walks the service's list: the first page at the largest size, then each `Link: rel="next"` to the
 * end. Each page is asked with the ETag of its copy; a 304 keeps the copy (its rows were not sent).
 * A service that links no next page after a full first page is asked for each status list too.
 * Yields to the event loop between pages: a first sync of thousands of animals never holds it.
 */
export async function syncPages(
  fetchPage: FetchPage,
  baseUrl: string,
  held: readonly StoredPage[],
): Promise<SyncOutcome> {
  const copies = new Map(held.map((page) => [page.url, page]));
  let notModified = 0;
  const fetchOne = async (url: string): Promise<StoredPage> => {
    const copy = copies.get(url);
    const answer = await fetchPage(url, copy?.etag);
    if (!answer.changed) {
      notModified += 1;
      // Only a page asked with an ETag can be answered 304, so there is a copy.
      const kept = copy as StoredPage;
      const next = answer.next ?? kept.next;
      return next === undefined ? { ...kept } : { ...kept, next };
    }
    return {
      url,
      pets: answer.pets,
      ...(answer.etag === undefined ? {} : { etag: answer.etag }),
      ...(answer.next === undefined ? {} : { next: answer.next }),
    };
  };

  const first = firstPageUrl(baseUrl);
  const pages: StoredPage[] = [];
  const visited = new Set<string>();
  let url: string | undefined = first;
  while (url !== undefined && !visited.has(url)) {
    visited.add(url);
    const page = await fetchOne(url);
    pages.push(page);
    url = page.next;
    await yieldToLoop();
  }

  let complete = true;
  const [only] = pages;
  if (pages.length === 1 && only && only.next === undefined && only.pets.length >= LIMIT_MAX) {
    // No next links: the most the service shows is each list's first page.
    complete = false;
    for (const status of PET_STATUSES) {
      pages.push(await fetchOne(`${first}&status=${status}`));
      await yieldToLoop();
    }
  }
  const changed =
    pages.length !== held.length ||
    pages.some((page, index) => {
      const before = held[index];
      return before === undefined || !samePage(page, before);
    });
  return { pages, complete, changed, notModified };
}
