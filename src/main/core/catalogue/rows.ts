import type { Pet } from '../../../shared';
import { yieldToLoop, type StoredPage } from './stored';

/** Orders int64 decimal strings as numbers, without BigInt: sign, then length, then digits. */
export function compareIds(a: string, b: string): number {
  const negativeA = a.startsWith('-');
  const negativeB = b.startsWith('-');
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const order = a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return negativeA ? -order : order;
}

const samePet = (a: Pet, b: Pet): boolean =>
  a.name === b.name && a.categoryId === b.categoryId && a.status === b.status;

/** Animals indexed between two turns of the loop: 10,000 in one go held it 3–7 ms. */
const ROWS_PER_TURN = 1_000;

/** The pages' animals, each once, in the pages' order, indexed a slice at a time. */
async function indexPages(
  pages: readonly StoredPage[],
): Promise<{ byId: Map<string, Pet>; ordered: Pet[]; sorted: boolean }> {
  const byId = new Map<string, Pet>();
  const ordered: Pet[] = [];
  let sorted = true;
  let sinceYield = 0;
  for (const page of pages) {
    for (const pet of page.pets) {
      if (byId.has(pet.id)) continue;
      const last = ordered.at(-1);
      if (last && compareIds(last.id, pet.id) > 0) sorted = false;
      byId.set(pet.id, pet);
      ordered.push(pet);
    }
    sinceYield += page.pets.length;
    if (sinceYield >= ROWS_PER_TURN) {
      sinceYield = 0;
      await yieldToLoop();
    }
  }
  return { byId, ordered, sorted };
}

/** What putting an animal did: nothing new, fields changed, or a new row. */
export type PutOutcome = 'agreed' | 'corrected' | 'added';

/**
 * The rows of one catalogue: each animal once, in id order, found by id at once. Built from the
 * synced pages (in id order already when the service links pages) and the animals known here
 * that no page held (`extras`: an add before the next sync, a lookup's answer).
 */
export class CatalogueRows {
  private byId = new Map<string, Pet>();
  private ordered: Pet[] = [];
  /** The animals no page held, each with when it was put (a count of puts). */
  private extraIds = new Map<string, number>();
  /** Of those, the service's answers for one animal (a lookup), with when they were asked (monotonic ms). */
  private askedAt = new Map<string, number>();
  /** The animals a lookup's 404 took out, with when it was asked (monotonic ms): a page asked before still lists them. */
  private removedAt = new Map<string, number>();
  private puts = 0;

  /**
   * The rows as they were stored: the pages, and the animals put since their sync. Those win over a page's
   * older copy (a lookup's correction), so the rows read back are the rows written.
   */
  static async of(pages: readonly StoredPage[], extras: readonly Pet[]): Promise<CatalogueRows> {
    const rows = new CatalogueRows();
    for (const pet of extras) {
      rows.byId.set(pet.id, pet);
      rows.extraIds.set(pet.id, 0);
    }
    await rows.rebuild(pages, -1);
    for (const pet of extras) {
      const held = rows.byId.get(pet.id);
      if (!held || samePet(held, pet)) continue;
      rows.byId.set(pet.id, pet);
      rows.ordered[rows.indexOf(pet.id)] = pet;
      rows.extraIds.set(pet.id, 0);
    }
    return rows;
  }

  /** Marks now, for `rebuild`: animals put after the mark are kept by any sync. */
  mark(): number {
    return this.puts;
  }

  get size(): number {
    return this.ordered.length;
  }

  get(id: string): Pet | undefined {
    return this.byId.get(id);
  }

  /** Every animal in id order; the array is the catalogue's own, so it is never changed in place. */
  all(): readonly Pet[] {
    return this.ordered;
  }

  /** Whether an animal no page held was put in before the mark: the service's whole list decides if it stays. */
  putBefore(mark: number): boolean {
    for (const at of this.extraIds.values()) if (at <= mark) return true;
    return false;
  }

  /** The animals a lookup's 404 took out since the pages were last indexed. */
  removedIds(): string[] {
    return [...this.removedAt.keys()];
  }

  extras(): Pet[] {
    return [...this.extraIds.keys()].flatMap((id) => this.byId.get(id) ?? []);
  }

  /**
   * The rows of a sync that began at `since` (a mark; -1 keeps every extra). A complete sync is
   * the service's whole list: an animal known here that it lacks was put before the sync began,
   * so it goes; one put since (an add while the pages came) stays until the next sync has it.
   * The pages are indexed a slice at a time, the rows held until then answer meanwhile, and the
   * extras are merged once the slices are done, so an animal put meanwhile is among them. A page's row wins over an
   * extra's, unless the extra is an answer asked after that page was asked (`pagesAskedAt`, by URL, monotonic ms): a
   * page that was on its way while a lookup corrected the row is older than the correction, or removed it: a page's row
   * that a lookup's 404 asked after that page took out stays out. Says which rows of the pages it left out so.
   */
  async rebuild(
    pages: readonly StoredPage[],
    since: number,
    pagesAskedAt: ReadonlyMap<string, number> = new Map(),
  ): Promise<string[]> {
    const { byId, ordered: listed, sorted } = await indexPages(pages);
    const removals = this.removedAt;
    this.removedAt = new Map();
    const askedAtOf = (id: string) =>
      pagesAskedAt.get(pages.find((one) => one.pets.some((row) => row.id === id))?.url ?? '');
    const leftOut = [...removals]
      .filter(([id, at]) => byId.has(id) && (askedAtOf(id) ?? Infinity) < at)
      .map(([id]) => id);
    for (const id of leftOut) byId.delete(id);
    const ordered = leftOut.length > 0 ? listed.filter((pet) => byId.has(pet.id)) : listed;
    const extras = this.extras();
    const putAt = this.extraIds;
    const answersAskedAt = this.askedAt;
    this.extraIds = new Map();
    this.askedAt = new Map();
    let inOrder = sorted;
    for (const pet of extras) {
      const at = putAt.get(pet.id) ?? 0;
      const asked = answersAskedAt.get(pet.id);
      const listed = byId.get(pet.id);
      if (since >= 0 && at <= since) continue;
      if (listed) {
        const page = pages.find((one) => one.pets.some((row) => row.id === pet.id));
        if (asked === undefined || asked <= (pagesAskedAt.get(page?.url ?? '') ?? Infinity)) continue;
        ordered[ordered.indexOf(listed)] = pet;
      } else {
        ordered.push(pet);
        inOrder = false;
      }
      byId.set(pet.id, pet);
      this.extraIds.set(pet.id, at);
      if (asked !== undefined) this.askedAt.set(pet.id, asked);
    }
    this.byId = byId;
    this.ordered = inOrder ? ordered : ordered.sort((a, b) => compareIds(a.id, b.id));
    return leftOut;
  }

  /** Puts the service's answer for one animal in, asked at `askedAt` (monotonic ms): it wins over the copy held. */
  put(pet: Pet, askedAt?: number): PutOutcome {
    const held = this.byId.get(pet.id);
    if (held && samePet(held, pet)) return 'agreed';
    if (askedAt === undefined) this.askedAt.delete(pet.id);
    else this.askedAt.set(pet.id, askedAt);
    this.byId.set(pet.id, pet);
    const at = this.indexOf(pet.id);
    this.ordered = held ? this.ordered.with(at, pet) : this.ordered.toSpliced(at, 0, pet);
    this.puts += 1;
    this.extraIds.set(pet.id, this.puts);
    return held ? 'corrected' : 'added';
  }

  /** The service, asked at `askedAt` (monotonic ms), says there is no such animal: it leaves the catalogue, and a page
   * asked before brings it back to no sync. Returns whether it was held. */
  remove(id: string, askedAt: number): boolean {
    this.removedAt.set(id, askedAt);
    if (!this.byId.delete(id)) return false;
    this.ordered = this.ordered.filter((pet) => pet.id !== id);
    this.extraIds.delete(id);
    this.askedAt.delete(id);
    return true;
  }

  /** Where an id is, or would go, in id order. */
  private indexOf(id: string): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const pet = this.ordered[middle];
      if (pet && compareIds(pet.id, id) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
