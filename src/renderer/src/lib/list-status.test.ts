import { describe, expect, it } from 'vitest';
import type { PetList } from '../../../shared/views';
import { emptyListMessage, listBanner, listSummary, type ListSituation } from './list-status';

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

const unreachable = { kind: 'unreachable', message: 'The service cannot be reached.' } as const;

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
    const failed = listBanner(situation({ error: { kind: 'server_error', message: 'Broken' } }));
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
