import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { SettingsView } from '../../../shared/views';
import { bridgeForTests } from './bridge-for-tests';
import { ListState } from './list-state.svelte';

const settings: SettingsView = {
  environments: [{ id: 'demo', baseUrl: 'http://127.0.0.1:4010/v1', hasKey: true, managed: false }],
  selected: 'demo',
  lastQuery: { limit: 2 },
  policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
};
const animals = (count: number): Pet[] =>
  Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    name: `Animal ${index + 1}`,
    categoryId: '1',
    status: 'available',
  }));

function listOf(count: number, limit = 2): ListState {
  const bridge = bridgeForTests({ settings: { ...settings, lastQuery: { limit } }, pets: { demo: animals(count) } });
  return new ListState({
    api: bridge.api,
    environmentId: 'demo',
    seed: { limit },
    onKeyProblem: () => {},
  });
}

const shownNames = (list: ListState) => list.rows.map((row) => row.pet.name);

describe('a clerk paging through a list longer than one page', () => {
  it('loads more until the last page, each animal once, and the note goes when the end is reached', async () => {
    const list = listOf(5);
    await list.refresh();
    expect(shownNames(list)).toEqual(['Animal 1', 'Animal 2']);
    expect(list.list?.next).toBeDefined();

    await list.loadMore();
    await list.loadMore();
    expect(shownNames(list)).toEqual(['Animal 1', 'Animal 2', 'Animal 3', 'Animal 4', 'Animal 5']);
    expect(list.list?.next).toBeUndefined();
    expect(list.situation.loadedMore).toBe(true);

    // Nothing more to ask: another click does nothing.
    await list.loadMore();
    expect(list.rows).toHaveLength(5);
  });

  it('starts again from the first page on a refresh', async () => {
    const list = listOf(5);
    await list.refresh();
    await list.loadMore();
    await list.refresh();
    expect(shownNames(list)).toEqual(['Animal 1', 'Animal 2']);
    expect(list.loadedMore).toBe(false);
  });

  it('offers no more for a list shorter than its page', async () => {
    const list = listOf(3, 20);
    await list.refresh();
    expect(list.rows).toHaveLength(3);
    expect(list.list?.next).toBeUndefined();
  });
});
