import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { OutboxItem, SettingsView } from '../../../shared/views';
import { AppState } from './app-state.svelte';
import { bridgeForTests } from './bridge-for-tests';
import { toasts } from './toasts.svelte';

const settings = (): SettingsView => ({
  environments: [
    {
      id: 'production',
      baseUrl: 'https://petstore.example.com/v1',
      hasKey: false,
      managed: false,
    },
    { id: 'demo', baseUrl: 'http://127.0.0.1:4010/v1', hasKey: true, managed: false },
  ],
  selected: 'demo',
  lastQuery: { limit: 20 },
  policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
});

const rex: Pet = { id: '1', name: 'Rex', categoryId: '2', status: 'available' };
const tom: Pet = { id: '2', name: 'Tom', categoryId: '1', status: 'sold' };
const olive: Pet = { id: '9007199254740993', name: 'Olive', categoryId: '4', status: 'available' };

async function startedApp() {
  const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, tom], production: [] } });
  const app = new AppState(bridge.api);
  const stop = await app.start();
  await app.list?.refresh();
  return { app, bridge, stop };
}

const sentItem = (pet: Pet): OutboxItem => ({
  id: '6a0f4a9e-0a6e-4f3e-9d55-7d6f2f8b2a11',
  environmentId: 'demo',
  pet: { name: pet.name, categoryId: pet.categoryId },
  state: 'sent',
  createdAt: 0,
  attempts: 1,
  created: pet,
});

describe('the app as a clerk opens it', () => {
  it('shows the environment in use and its animals', async () => {
    const { app } = await startedApp();
    expect(app.environment?.id).toBe('demo');
    expect(app.showKeyNeeded).toBe(false);
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Rex', 'Tom']);
    expect(app.list?.situation.shown).toBe(2);
  });

  it('filters by status, and by name among the rows loaded', async () => {
    const { app } = await startedApp();
    await app.list?.setStatus('sold');
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Tom']);
    await app.list?.setStatus(undefined);
    if (app.list) app.list.filterText = 'RE';
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Rex']);
  });

  it('never asks the service with a limit outside 1 to 100', async () => {
    const { app, bridge } = await startedApp();
    const before = bridge.listCalls;
    if (app.list) app.list.limitText = '101';
    await app.list?.refresh();
    expect(bridge.listCalls).toBe(before);
    expect(app.list?.limitCheck).toEqual({ ok: false, message: 'Rows: a whole number from 1 to 100' });
  });

  it('names a category only when its id and name pass the form’s check, without asking main otherwise', async () => {
    const { app } = await startedApp();
    expect(await app.setCategoryLabel({ id: '0', label: 'Axolotls' })).toBe(
      'A category id is a whole number from 1, at most 19 digits long',
    );
    expect(app.categories).toEqual([]);
    expect(await app.setCategoryLabel({ id: '7', label: 'Axolotls' })).toBeNull();
    expect(app.categories).toEqual([{ id: '7', label: 'Axolotls' }]);
  });
});

describe('main’s news reaches the screen', () => {
  it('an animal the outbox sends joins the list at once, and only once however often the snapshot repeats', async () => {
    const { app, bridge } = await startedApp();
    bridge.emit('onOutbox', { items: [sentItem(olive)] });
    bridge.emit('onOutbox', { items: [sentItem(olive)] });
    await app.list?.refresh();
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Olive', 'Rex', 'Tom']);
    expect(app.environmentOutbox).toHaveLength(1);
  });

  it('a missing key leads to the key entry, and the key once stored brings the list', async () => {
    const first = settings();
    const noKey = { ...first, environments: first.environments.map((env) => ({ ...env, hasKey: false })) };
    const bridge = bridgeForTests({ settings: noKey, pets: { demo: [rex, tom] } });
    bridge.refuseListWith({ kind: 'no_api_key', reason: 'no_key' });
    const app = new AppState(bridge.api);
    await app.start();
    await app.list?.refresh();
    expect(app.showKeyNeeded).toBe(true);
    expect(app.keyProblem?.kind).toBe('no_api_key');

    bridge.refuseListWith(null);
    bridge.emit('onSettings', first);
    await app.list?.refresh();
    expect(app.keyProblem).toBeNull();
    expect(app.showKeyNeeded).toBe(false);
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Rex', 'Tom']);
  });

  it('a refused key is asked again once the clerk comes back from the key entry', async () => {
    const { app, bridge } = await startedApp();
    bridge.refuseListWith({ kind: 'unauthorized', reason: 'key_refused' });
    await app.list?.refresh();
    expect(app.showKeyNeeded).toBe(true);
    bridge.refuseListWith(null);
    const calls = bridge.listCalls;
    app.retryAfterKeyProblem();
    expect(app.keyProblem).toBeNull();
    expect(bridge.listCalls).toBe(calls + 1);
  });

  it('switching environment starts a fresh list, without the other environment’s additions', async () => {
    const { app } = await startedApp();
    await app.created(olive);
    expect(app.list?.rows[0]?.pet.name).toBe('Olive');
    await app.selectEnvironment('production');
    await app.list?.refresh();
    expect(app.environment?.id).toBe('production');
    expect(app.showKeyNeeded).toBe(true);
    expect(app.canUseDemo).toBe(true);
    expect(app.list?.rows).toEqual([]);
  });

  it('stops listening when the screen goes away', async () => {
    const { app, bridge, stop } = await startedApp();
    stop();
    bridge.emit('onNotice', { id: 'n1', level: 'warning', reason: 'keychain_unreadable' });
    expect(app.notices).toEqual([]);
  });
});

describe('finding and ordering animals', () => {
  it('the search box finds an animal in a saved list, marked as such, and the chosen order is remembered per environment', async () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    };
    const zoe: Pet = { id: '9007199254740993', name: 'Zoë', categoryId: '4', status: 'sold' };
    const bridge = bridgeForTests({
      settings: settings(),
      pets: { demo: [rex, tom] },
      saved: [{ pet: zoe, fetchedAt: 0 }],
    });
    const app = new AppState(bridge.api, storage);
    await app.start();
    await app.list?.refresh();

    if (app.list) app.list.filterText = 'zoe';
    expect(app.list?.rows).toEqual([{ pet: zoe, savedAt: 0 }]);
    if (app.list) app.list.filterText = '';

    app.list?.sortBy('name');
    app.list?.sortBy('name');
    expect(app.list?.rows.map(({ pet }) => pet.name)).toEqual(['Tom', 'Rex']);
    await app.selectEnvironment('production');
    expect(app.list?.sort).toBeNull();
    await app.selectEnvironment('demo');
    expect(app.list?.sort).toEqual({ key: 'name', direction: 'descending' });
  });
});

describe('what the counter screen needs from the app state', () => {
  it('disables adding, with the reason, for an environment without a key', async () => {
    const { app } = await startedApp();
    expect(app.canAdd).toBe(true);
    expect(app.addBlockedReason).toBeNull();
    await app.selectEnvironment('production');
    expect(app.canAdd).toBe(false);
    expect(app.addBlockedReason).toBe(
      'Adding needs an API key for Production: an administrator enters it in Settings.',
    );
  });

  it('keeps the clerk’s language and sort in the core’s preferences, each change keeping the others', async () => {
    const { app } = await startedApp();
    await app.setPreferences({ language: 'de' });
    await app.setSort('demo', { key: 'name', direction: 'descending' });
    expect(app.preferences).toEqual({ language: 'de', sort: { demo: { key: 'name', direction: 'descending' } } });
    await app.setSort('demo', null);
    await app.setPreferences({ language: undefined });
    expect(app.preferences).toEqual({ sort: {} });
  });

  it('says an animal sent from the outbox once, as a brief toast', async () => {
    const { app } = await startedApp();
    toasts.shown = [];
    const snapshot = { items: [sentItem(olive)], revision: 50 };
    app.applyOutbox(snapshot);
    app.applyOutbox({ ...snapshot, revision: 51 });
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['Sent — Olive now has id 9007199254740993.']);
  });
});
