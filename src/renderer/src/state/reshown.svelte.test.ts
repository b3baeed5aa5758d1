import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { OutboxItem, SettingsView } from '../../../shared/views';
import { AppState } from './app-state.svelte';
import { bridgeForTests } from '../test-support/bridge';

const settings = (): SettingsView => ({
  environments: [{ id: 'demo', baseUrl: 'http://127.0.0.1:4010/v1', hasKey: true, managed: false }],
  selected: 'demo',
  policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
});
const rex: Pet = { id: '1', name: 'Rex', categoryId: '2', status: 'available' };
const olive: Pet = { id: '7', name: 'Olive', categoryId: '4', status: 'available' };
const sentYesterday: OutboxItem = {
  id: '6a0f4a9e-0a6e-4f3e-9d55-7d6f2f8b2a11',
  environmentId: 'demo',
  pet: { name: 'Olive', categoryId: '4' },
  state: 'sent',
  createdAt: 0,
  attempts: 1,
  created: olive,
};

/** The core hides an animal sent to an address its environment has left, and shows it again once back there. */
describe('an animal sent yesterday to shop A, shown again when the environment is back at A', () => {
  it('A, then B, then A again in one session: not treated as just added', async () => {
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, olive], production: [] } });
    bridge.emit('onOutbox', { items: [sentYesterday] });
    const app = new AppState(bridge.api);
    await app.start();
    await app.list?.load();
    if (app.list) app.list.filterText = 'Rex';
    app.applyOutbox({ items: [], revision: 100 }); // at B
    app.applyOutbox({ items: [sentYesterday], revision: 101 }); // back at A
    expect(app.list?.rows.map((row) => row.pet.name)).toEqual(['Rex']);
    expect(app.list?.revealKey ?? null).toBeNull();
  });

  it('the app opened at B: not treated as just added either, no reveal, no pin through a search', async () => {
    // At B the core hides Olive (sent to A): the snapshot has no items.
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, olive], production: [] } });
    bridge.emit('onOutbox', { items: [] });
    const app = new AppState(bridge.api);
    await app.start();
    await app.list?.load();
    if (app.list) app.list.filterText = 'Rex';
    expect(app.list?.rows.map((row) => row.pet.name)).toEqual(['Rex']);
    // Back at A: the core shows Olive again, as sent.
    app.applyOutbox({ items: [sentYesterday], revision: 100 });
    expect(app.list?.rows.map((row) => row.pet.name)).toEqual(['Rex']);
    expect(app.list?.revealKey ?? null).toBeNull();
    expect(app.list?.keep ?? []).toEqual([]);
  });
});
