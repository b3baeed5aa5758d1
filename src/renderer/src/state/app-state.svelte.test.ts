import { describe, expect, it, vi } from 'vitest';
import type { EnvironmentId } from '../../../shared/environments';
import type { Pet } from '../../../shared/pet';
import type { OutboxItem, SettingsView } from '../../../shared/views';
import { i18n } from '../i18n/i18n.svelte';
import { AppState } from './app-state.svelte';
import { bridgeForTests } from '../test-support/bridge';
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
  policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
});

const rex: Pet = { id: '1', name: 'Rex', categoryId: '2', status: 'available' };
const tom: Pet = { id: '2', name: 'Tom', categoryId: '1', status: 'sold' };
const olive: Pet = { id: '9007199254740993', name: 'Olive', categoryId: '4', status: 'available' };

async function startedApp(pets: Pet[] = [rex, tom]) {
  const bridge = bridgeForTests({ settings: settings(), pets: { demo: pets, production: [] } });
  const app = new AppState(bridge.api);
  const stop = await app.start();
  await app.list?.load();
  return { app, bridge, stop };
}

/** Started as a counter with no key stored for any environment: the list is refused for want of one. */
async function startedWithoutKey() {
  const withKeys = settings();
  const noKey = { ...withKeys, environments: withKeys.environments.map((env) => ({ ...env, hasKey: false })) };
  const bridge = bridgeForTests({ settings: noKey, pets: { demo: [rex, tom] } });
  bridge.refuseListWith({ kind: 'no_api_key', reason: 'no_key' });
  const app = new AppState(bridge.api);
  await app.start();
  await app.list?.load();
  return { app, bridge, withKeys };
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
const waitingItem = (name: string): OutboxItem => ({
  id: '0b6f1f3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  environmentId: 'demo',
  pet: { name, categoryId: '3', status: 'available' },
  state: 'queued',
  createdAt: 0,
  attempts: 0,
});
const names = (app: AppState) => app.list?.rows.map(({ pet }) => pet.name);
const shop = (count: number): Pet[] =>
  Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    name: `Animal ${String(index + 1)}`,
    categoryId: '1',
    status: index % 3 === 0 ? 'available' : 'sold',
  }));

describe('the app as a clerk opens it', () => {
  it('shows the environment in use and every animal of its catalogue', async () => {
    const { app } = await startedApp();
    expect(app.environment?.id).toBe('demo');
    expect(app.showKeyNeeded).toBe(false);
    expect(names(app)).toEqual(['Rex', 'Tom']);
    expect(app.list?.totals).toEqual({ all: 2, available: 1, waiting: 0 });
  });

  it('filters by status, and searches by name, over the catalogue', async () => {
    const { app } = await startedApp();
    if (app.list) app.list.statusChoice = 'sold';
    expect(names(app)).toEqual(['Tom']);
    if (app.list) app.list.statusChoice = 'all';
    if (app.list) app.list.filterText = 'RE';
    expect(names(app)).toEqual(['Rex']);
  });

  it('finds the 260th animal of a 260-animal shop by name and by id, with true totals', async () => {
    const { app } = await startedApp(shop(260));
    const list = app.list;
    if (!list) throw new Error('no list');
    expect(list.totals).toEqual({ all: 260, available: 87, waiting: 0 });
    list.filterText = 'animal 260';
    expect(names(app)).toEqual(['Animal 260']);
    list.filterText = '260';
    expect(list.rows.map(({ pet }) => pet.id)).toEqual(['260']);
    expect(list.narrowed).toBe(true);
  });

  it('names a category only when its id and name pass the form’s check, without asking main otherwise', async () => {
    const { app } = await startedApp();
    expect((await app.setCategoryLabel({ id: '0', label: 'Axolotls' }))?.()).toBe(
      'A category id is a whole number from 1, at most 19 digits long',
    );
    expect(app.categories).toEqual([]);
    expect(await app.setCategoryLabel({ id: '7', label: 'Axolotls' })).toBeNull();
    expect(app.categories).toEqual([{ id: '7', label: 'Axolotls' }]);
  });
});

describe('a start that waits on nothing it need not', () => {
  // In the web preview each request is an HTTP round trip: one asked after another adds up.
  it('asks for the catalogue with the settings, not after them, and reads it once', async () => {
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, tom], production: [] } });
    const asked: string[] = [];
    let answerSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => (answerSettings = resolve));
    const api = {
      ...bridge.api,
      getSettings: async (input: Record<string, never>) => {
        asked.push('getSettings');
        await settingsHeld;
        return bridge.api.getSettings(input);
      },
      getCatalogue: (input: Record<string, never>) => {
        asked.push('getCatalogue');
        return bridge.api.getCatalogue(input);
      },
    };
    const app = new AppState(api);
    const starting = app.start();
    await Promise.resolve();
    expect(asked).toEqual(['getCatalogue', 'getSettings']);
    answerSettings();
    await starting;
    await app.list?.load();
    expect(names(app)).toEqual(['Rex', 'Tom']);
    expect(asked.filter((method) => method === 'getCatalogue')).toHaveLength(1);
  });

  it('has the category names when it has the rows, asked for with the settings; another environment asks for its own', async () => {
    const bridge = bridgeForTests({
      settings: settings(),
      pets: { demo: [rex, tom], production: [olive] },
      categories: { demo: [{ id: '2', label: 'Cats' }], production: [{ id: '4', label: 'Fish' }] },
    });
    const app = new AppState(bridge.api);
    await app.start();
    // No later turn: the first screen is drawn with the names, not redrawn when they come.
    expect(app.list?.environmentId).toBe('demo');
    expect(app.categories).toEqual([{ id: '2', label: 'Cats' }]);
    expect(bridge.categoryCalls).toBe(1);

    await app.selectEnvironment('production');
    await vi.waitFor(() => expect(app.categories).toEqual([{ id: '4', label: 'Fish' }]));
    expect(bridge.categoryCalls).toBe(2);
  });

  it('a catalogue asked for at start is not shown for another environment the settings chose meanwhile', async () => {
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, tom], production: [olive] } });
    let answerSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => (answerSettings = resolve));
    const api = {
      ...bridge.api,
      getSettings: async (input: Record<string, never>) => {
        await settingsHeld;
        return bridge.api.getSettings(input);
      },
    };
    const app = new AppState(api);
    const starting = app.start();
    await Promise.resolve();
    // Another window switched to production while this one started: the demo's rows are of no use here.
    await bridge.api.selectEnvironment({ environmentId: 'production' });
    answerSettings();
    await starting;
    await app.list?.load();
    expect(app.list?.environmentId).toBe('production');
    expect(names(app)).toEqual(['Olive']);
  });
});

describe('main’s news reaches the screen', () => {
  it('an animal the outbox sends joins the list at once, and only once however often the snapshot repeats', async () => {
    const { app, bridge } = await startedApp();
    bridge.emit('onOutbox', { items: [sentItem(olive)] });
    bridge.emit('onOutbox', { items: [sentItem(olive)] });
    expect(names(app)).toEqual(['Rex', 'Tom', 'Olive']);
    expect(app.environmentOutbox).toHaveLength(1);
    // The catalogue's next revision lists it: still one row, the same one.
    const key = app.list?.rows[2]?.key;
    bridge.setPets('demo', [rex, tom, olive]);
    await app.list?.load();
    expect(names(app)).toEqual(['Rex', 'Tom', 'Olive']);
    expect(app.list?.rows[2]?.key).toBe(key);
  });

  it('an animal not sent yet is a row, marked, found by search, and becomes the service’s row when sent', async () => {
    const { app, bridge } = await startedApp();
    const item = waitingItem('Bubbles');
    bridge.emit('onOutbox', { items: [item] });
    const row = app.list?.rows.at(-1);
    expect(row?.waiting?.state).toBe('queued');
    expect(row?.pet.id).toBeUndefined();
    expect(app.list?.totals.waiting).toBe(1);

    // Another start of the screen (nothing "just added"): the search finds it all the same.
    const again = new AppState(bridge.api);
    await again.start();
    await again.list?.load();
    if (again.list) again.list.filterText = 'bubb';
    expect(again.list?.rows.map(({ key, waiting }) => ({ key, waiting: waiting?.state }))).toEqual([
      { key: item.id, waiting: 'queued' },
    ]);

    const bubbles: Pet = { id: '3', name: 'Bubbles', categoryId: '3', status: 'available' };
    bridge.emit('onOutbox', { items: [{ ...item, state: 'sent', created: bubbles }] });
    expect(again.list?.rows).toEqual([{ key: item.id, pet: bubbles, outboxId: item.id, sentAt: 0 }]);
    bridge.setPets('demo', [rex, tom, bubbles]);
    await again.list?.load();
    expect(again.list?.rows).toEqual([{ key: item.id, pet: bubbles, outboxId: item.id }]);
  });

  it('an animal just added stays in view while a search is active', async () => {
    const { app, bridge } = await startedApp();
    if (app.list) app.list.filterText = 'tom';
    bridge.emit('onOutbox', { items: [waitingItem('Bubbles')] });
    expect(names(app)).toEqual(['Tom', 'Bubbles']);
    app.created(olive, 'demo');
    expect(names(app)).toEqual(['Tom', 'Olive', 'Bubbles']);
  });

  it('an animal just added stays in view while a search is active, when the add’s answer comes before its events', async () => {
    const { app, bridge } = await startedApp();
    if (app.list) app.list.filterText = 'tom';
    // What addPet does with the answer (the preview's events come on another connection): the outbox as the add left
    // it, Olive sent already, then the form's created(). Her row is keyed by the outbox item she was sent through.
    app.applyOutbox(bridge.stamp({ items: [sentItem(olive)] }));
    app.created(olive, 'demo');
    expect(names(app)).toEqual(['Tom', 'Olive']);
    bridge.setPets('demo', [rex, tom, olive]);
    await app.list?.load();
    expect(names(app)).toEqual(['Tom', 'Olive']);
  });

  it('an animal just added stays while the catalogue lacks her (its list lags), and goes once it took her in and lost her', async () => {
    const { app, bridge } = await startedApp();
    // The add's answer, before its outbox event; the sync after the add gets a list that lags behind the add (a cache).
    app.created(olive, 'demo');
    bridge.setPets('demo', [rex, tom]);
    await app.list?.load();
    expect(names(app)).toEqual(['Rex', 'Tom', 'Olive']);
    expect(app.list?.totals.all).toBe(3);

    // The shop restored from a backup (or a lookup's "no such animal"): the catalogue took her in and lacks her now.
    const item = sentItem(olive);
    app.applyOutbox(bridge.stamp({ items: [item] }));
    const read = bridge.api.getCatalogue;
    bridge.api.getCatalogue = async (input) => {
      const catalogue = await read(input);
      return catalogue.ok ? { ...catalogue, value: { ...catalogue.value, taken: [item.id] } } : catalogue;
    };
    bridge.setPets('demo', [rex, tom]);
    await app.list?.load();
    expect(names(app)).toEqual(['Rex', 'Tom']);
    expect(app.list?.totals.all).toBe(2);
  });

  it('a missing key leads to the key entry, and the key once stored brings the list', async () => {
    const { app, bridge, withKeys } = await startedWithoutKey();
    expect(app.showKeyNeeded).toBe(true);
    expect(app.keyProblem?.kind).toBe('no_api_key');

    bridge.refuseListWith(null);
    bridge.emit('onSettings', withKeys);
    await app.list?.load();
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

  it('a key refused for a while and accepted again: the key entry goes once the header finds the service answering, with no click', async () => {
    const { app, bridge } = await startedApp();
    const header = (health: 'online' | 'service_error', sending = 0) => ({
      sending,
      waiting: 0,
      toCheck: 0,
      service: health === 'online' ? { health } : { health, problem: 'key_refused' as const },
    });
    bridge.refuseListWith({ kind: 'unauthorized', reason: 'key_refused' });
    await app.list?.refresh();
    expect(app.showKeyNeeded).toBe(true);
    // The header's "Online" from before the refusal, told again with other counts, does not take it back.
    bridge.emit('onConnectivity', header('online', 1));
    expect(app.showKeyNeeded).toBe(true);
    bridge.emit('onConnectivity', header('service_error'));
    expect(app.showKeyNeeded).toBe(true);

    // IT puts the service's keys right: the header's next check is answered.
    bridge.refuseListWith(null);
    bridge.emit('onConnectivity', header('online'));
    expect(app.keyProblem).toBeNull();
    expect(app.showKeyNeeded).toBe(false);
  });

  it('a missing key stays missing whatever the service says', async () => {
    const { app, bridge } = await startedWithoutKey();
    bridge.emit('onConnectivity', { sending: 0, waiting: 0, toCheck: 0, service: { health: 'no_key' } });
    bridge.refuseListWith(null);
    bridge.emit('onConnectivity', { sending: 0, waiting: 0, toCheck: 0, service: { health: 'online' } });
    bridge.setPets('demo', [rex, tom]);
    expect(app.keyProblem?.kind).toBe('no_api_key');
    expect(app.showKeyNeeded).toBe(true);
  });

  it('switching environment starts a fresh list, without the other environment’s additions', async () => {
    const { app } = await startedApp();
    app.created(olive, 'demo');
    expect(names(app)).toEqual(['Rex', 'Tom', 'Olive']);
    await app.selectEnvironment('production');
    await app.list?.load();
    expect(app.environment?.id).toBe('production');
    expect(app.showKeyNeeded).toBe(true);
    expect(app.canUseDemo).toBe(true);
    expect(app.list?.rows).toEqual([]);
    // The demo add answered after the switch: the demo shop has Olive, production's list does not.
    app.created(olive, 'demo');
    expect(app.list?.rows).toEqual([]);
  });

  it('a name typed while the switch is under way searches the shop switched to, not the one left', async () => {
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex, tom], production: [olive] } });
    let answerSwitch = () => {};
    const switchHeld = new Promise<void>((resolve) => (answerSwitch = resolve));
    const app = new AppState({
      ...bridge.api,
      selectEnvironment: async (input: { environmentId: EnvironmentId }) => {
        await switchHeld;
        return bridge.api.selectEnvironment(input);
      },
    });
    await app.start();
    await app.list?.load();
    const switching = app.selectEnvironment('production');
    // The clerk types at once, into the list still on screen.
    if (app.list) app.list.filterText = 'oli';
    answerSwitch();
    await switching;
    await app.list?.load();
    expect(app.list?.environmentId).toBe('production');
    expect(app.list?.filterText).toBe('oli');
    expect(names(app)).toEqual(['Olive']);

    // A search left standing before the switch is the old shop's question: the new list opens unsearched.
    await app.selectEnvironment('demo');
    await app.list?.load();
    expect(app.list?.filterText).toBe('');
  });

  it('stops listening when the screen goes away', async () => {
    const { app, bridge, stop } = await startedApp();
    stop();
    bridge.emit('onNotice', { id: 'n1', level: 'warning', reason: 'keychain_unreadable' });
    expect(app.notices).toEqual([]);
  });
});

describe('finding and ordering animals', () => {
  it('the chosen order is kept per environment in the core’s preferences, and read back by a new window', async () => {
    const { app, bridge } = await startedApp();
    app.list?.sortBy('name');
    app.list?.sortBy('name');
    expect(names(app)).toEqual(['Tom', 'Rex']);
    await app.selectEnvironment('production');
    expect(app.list?.sort).toBeNull();
    await app.selectEnvironment('demo');
    expect(app.list?.sort).toEqual({ key: 'name', direction: 'descending' });

    // Nothing of it lives in the page: a window opened afresh on the same core sorts the same way.
    const again = new AppState(bridge.api);
    await again.start();
    await again.list?.load();
    expect(again.preferences.sort).toEqual({ demo: { key: 'name', direction: 'descending' } });
    expect(names(again)).toEqual(['Tom', 'Rex']);
  });

  it('a Spanish counter sorts “Ñandú” after “Nube”, and the list sorts again when the clerk switches to English', async () => {
    const ñandú: Pet = { id: '3', name: 'Ñandú', categoryId: '1', status: 'available' };
    const nube: Pet = { id: '4', name: 'Nube', categoryId: '1', status: 'available' };
    const { app } = await startedApp([ñandú, nube]);
    try {
      i18n.choose('es');
      app.list?.sortBy('name');
      expect(names(app)).toEqual(['Nube', 'Ñandú']);
      i18n.choose('en');
      expect(names(app)).toEqual(['Ñandú', 'Nube']);
    } finally {
      i18n.choose(null);
    }
  });
});

describe('what the counter screen needs from the app state', () => {
  it('disables adding, with the reason, for an environment without a key, and enables it once a key is saved', async () => {
    const { app, bridge } = await startedApp();
    expect(app.canAdd).toBe(true);
    expect(app.addBlockedReason).toBeNull();
    await app.selectEnvironment('production');
    expect(app.canAdd).toBe(false);
    expect(app.canEnterKey).toBe(true);
    expect(app.addBlockedReason).toBe(
      'Adding needs an API key for Production: it is entered in Settings, under Administration.',
    );
    // The key saved in Settings arrives as main's settings event: no reload.
    const withKey = settings().environments.map((environment) => ({ ...environment, hasKey: true }));
    bridge.emit('onSettings', { ...settings(), selected: 'production', environments: withKey });
    expect(app.canAdd).toBe(true);
    expect(app.addBlockedReason).toBeNull();
  });

  it('sends the clerk to IT, not to Settings, when the policy locks administration', async () => {
    const { app, bridge } = await startedApp();
    const locked = { ...settings().policy, administrationLocked: true };
    bridge.emit('onSettings', { ...settings(), selected: 'production', policy: locked });
    expect(app.canAdd).toBe(false);
    expect(app.canEnterKey).toBe(false);
    expect(app.addBlockedReason).toBe(
      'Adding needs an API key for Production, which your organisation manages on this computer: ask your IT to enter it.',
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

  it('keeps hidden columns and the scanner too, and two quick changes both, though the first is not answered yet', async () => {
    const { app } = await startedApp();
    expect(app.scannerEnabled).toBe(true);
    expect(app.hiddenColumns).toEqual([]);
    await Promise.all([app.setPreferences({ hiddenColumns: ['status'] }), app.setPreferences({ scanner: false })]);
    expect(app.preferences).toEqual({ hiddenColumns: ['status'], scanner: false });
    expect(app.scannerEnabled).toBe(false);
    expect(app.hiddenColumns).toEqual(['status']);
  });

  it('sorts the category column by the clerk’s names, and again when a name changes', async () => {
    const categories = {
      demo: [
        { id: '1', label: 'Dogs' },
        { id: '2', label: 'Cats' },
      ],
    };
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [tom, rex], production: [] }, categories });
    const app = new AppState(bridge.api);
    await app.start();
    await vi.waitFor(() => expect(app.categories).toHaveLength(2));
    await app.list?.load();
    app.list?.sortBy('category');
    expect(names(app)).toEqual(['Rex', 'Tom']);
    await app.setCategoryLabel({ id: '1', label: 'Birds' });
    expect(names(app)).toEqual(['Tom', 'Rex']);
  });

  it('says an animal sent from the outbox once, as a brief toast', async () => {
    const { app } = await startedApp();
    toasts.shown = [];
    app.applyOutbox({ items: [{ ...sentItem(olive), state: 'queued', created: undefined }], revision: 49 });
    const snapshot = { items: [sentItem(olive)], revision: 50 };
    app.applyOutbox(snapshot);
    app.applyOutbox({ ...snapshot, revision: 51 });
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['Sent — Olive now has id 9007199254740993.']);
    expect(names(app)).toContain('Olive');
  });

  it('says an animal the service took at once only as the add form’s “Added”, not again as sent from the outbox', async () => {
    const { app } = await startedApp();
    toasts.shown = [];
    // Every add goes through the outbox: written as being sent, then sent, while the clerk waits at the form.
    app.applyOutbox({ items: [{ ...sentItem(olive), state: 'sending', created: undefined }], revision: 50 });
    app.applyOutbox({ items: [sentItem(olive)], revision: 51 });
    expect(toasts.shown).toEqual([]);
    expect(names(app)).toContain('Olive');
  });

  it('says an animal that waited before this screen opened, once it is sent', async () => {
    const bridge = bridgeForTests({ settings: settings(), pets: { demo: [rex], production: [] } });
    // Being sent when the app opened: it waited in the outbox before.
    bridge.emit('onOutbox', { items: [{ ...sentItem(olive), state: 'sending', created: undefined }] });
    const app = new AppState(bridge.api);
    await app.start();
    toasts.shown = [];
    bridge.emit('onOutbox', { items: [sentItem(olive)] });
    expect(toasts.shown.map((toast) => toast.text)).toEqual(['Sent — Olive now has id 9007199254740993.']);
  });
});

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
