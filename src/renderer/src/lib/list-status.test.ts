import { describe, expect, it } from 'vitest';
import type { PetList } from '../../../shared/views';
import { emptyListMessage, listBanner, listSummary, pagingNote, type ListSituation } from './list-status';

const list = (extra: Partial<PetList> = {}): PetList => ({
  environmentId: 'demo',
  query: { limit: 20 },
  pets: [],
  source: 'network',
  fetchedAt: 0,
  ageMs: 0,
  ...extra,
});

const situation = (extra: Partial<ListSituation> = {}): ListSituation => ({
  list: list(),
  ageMs: 0,
  loading: false,
  error: null,
  filterText: '',
  shown: 20,
  environmentLabel: 'Demo (local)',
  ...extra,
});

const unreachable = { kind: 'unreachable', reason: 'unreachable' } as const;

describe('the banner over the list', () => {
  it('stays away while the rows are the service’s fresh answer', () => {
    expect(listBanner(situation())).toBeNull();
    expect(listBanner(situation({ list: null, loading: true }))).toBeNull();
  });

  it('says offline, with the saved list’s age, when the service cannot be reached', () => {
    expect(
      listBanner(situation({ list: list({ source: 'cache', offlineReason: unreachable }), ageMs: 12 * 60_000 })),
    ).toEqual({ kind: 'offline', text: 'Offline — showing the list from 12 minutes ago' });
    expect(listBanner(situation({ error: unreachable, ageMs: 3 * 3_600_000 }))?.kind).toBe('offline');
  });

  it('tells a failed refresh apart from being offline, and a saved copy being refreshed', () => {
    const failed = listBanner(
      situation({ error: { kind: 'server_error', reason: 'service_failed', params: { status: 500 } } }),
    );
    expect(failed).toEqual({ kind: 'failed', text: 'Could not refresh — showing the list from just now' });
    expect(listBanner(situation({ list: list({ source: 'cache' }), loading: true }))).toEqual({
      kind: 'saved-refreshing',
      text: 'Showing the saved list from just now — refreshing…',
    });
    expect(listBanner(situation({ list: list({ source: 'cache' }) }))?.kind).toBe('saved');
  });
});

describe('the count under the controls', () => {
  it('counts the rows shown, in the singular for one, and says when a refresh runs', () => {
    expect(listSummary(situation({ list: null, loading: true }))).toBe('Loading animals…');
    expect(listSummary(situation({ list: null }))).toBe('');
    expect(listSummary(situation({ shown: 5 }))).toBe('5 animals shown');
    expect(listSummary(situation({ shown: 1, loading: true }))).toBe('1 animal shown, refreshing…');
    expect(listSummary(situation({ shown: 2, filterText: ' rex ' }))).toBe('2 animals match “rex”');
    expect(listSummary(situation({ shown: 1, filterText: 'rex' }))).toBe('1 animal matches “rex”');
  });
});

describe('an empty table', () => {
  it('says whether the filter or the service found nothing', () => {
    expect(emptyListMessage(situation({ filterText: 'zebra' }))).toBe(
      'No animal shown or saved here has the id or a name with “zebra”.',
    );
    expect(emptyListMessage(situation({ list: list({ query: { limit: 20, status: 'sold' } }) }))).toBe(
      'No sold animals in Demo (local).',
    );
    expect(emptyListMessage(situation())).toBe('No animals in Demo (local).');
  });
});

const pets = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    name: `Animal ${index + 1}`,
    categoryId: '1',
    status: 'available' as const,
  }));

describe('the note under a full page', () => {
  it('says the service may hold more under a full page, with the right plural, and nothing under a shorter one', () => {
    expect(pagingNote(situation({ list: list({ pets: pets(20) }) }))).toBe(
      'Showing the first 20 animals — the service may hold more.',
    );
    expect(pagingNote(situation({ list: list({ query: { limit: 1 }, pets: pets(1) }) }))).toBe(
      'Showing the first animal — the service may hold more.',
    );
    expect(pagingNote(situation({ list: list({ pets: pets(19) }) }))).toBeNull();
  });

  it('keeps the note while "Load more" has a next page, and drops it at the last one', () => {
    const more = list({ pets: pets(40), next: 'http://127.0.0.1/v1/pets?after=40' });
    expect(pagingNote(situation({ list: more, loadedMore: true }))).toBe(
      'Showing the first 40 animals — the service may hold more.',
    );
    expect(pagingNote(situation({ list: list({ pets: pets(45) }), loadedMore: true }))).toBeNull();
  });
});

describe('the banner of a list taken from another saved list', () => {
  const at = new Date(2027, 2, 1, 10, 42).getTime();

  it('names the saved list, the time, and why, and says when it may be incomplete', () => {
    const sold = list({
      query: { limit: 20, status: 'sold' },
      source: 'cache',
      fetchedAt: at,
      derivedFrom: { limit: 100 },
      offlineReason: unreachable,
    });
    expect(listBanner(situation({ list: sold, ageMs: 60_000 }))).toEqual({
      kind: 'offline',
      text: 'Saved copy from 10:42, taken from the saved “All” list — the service cannot be reached.',
    });
    expect(listBanner(situation({ list: { ...sold, mayBeIncomplete: true } }))?.text).toBe(
      'Saved copy from 10:42, taken from the saved “All” list — the service cannot be reached. It may be incomplete: that saved list was a full page.',
    );
    expect(listBanner(situation({ list: { ...sold, derivedFrom: { limit: 100, status: 'sold' } } }))?.text).toBe(
      'Saved copy from 10:42, taken from the saved “Sold” list of 100 rows — the service cannot be reached.',
    );
  });
});
