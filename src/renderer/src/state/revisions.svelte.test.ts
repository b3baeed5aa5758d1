import { describe, expect, it } from 'vitest';
import type { PetstoreApi } from '../../../shared/ipc-contract';
import type { ConnectivityState, OutboxItem, SettingsView } from '../../../shared/views';
import { syncBadge } from '../lib/connection';
import { AppState } from './app-state.svelte';
import { bridgeForTests } from '../test-support/bridge';

// Replies and events reach the renderer on separate paths (two connections in
// the web preview), so a reply can land after an event that is newer than it.

const demo = {
  id: 'demo',
  baseUrl: 'http://127.0.0.1:4010/v1',
  hasKey: true,
  managed: false,
} as const;
const settings: SettingsView = {
  environments: [demo],
  selected: 'demo',
  policy: { updatesEnabled: true, demoHidden: false, administrationLocked: false },
  preferences: {},
  demoKeyKnown: false,
};

const item = (state: OutboxItem['state']): OutboxItem => ({
  id: '6a0f4a9e-0a6e-4f3e-9d55-7d6f2f8b2a11',
  environmentId: 'demo',
  pet: { name: 'Olive', categoryId: '4' },
  state,
  createdAt: 0,
  attempts: 1,
  ...(state === 'sent' && { created: { id: '16', name: 'Olive', categoryId: '4', status: 'available' } }),
});

async function started() {
  const bridge = bridgeForTests({ settings, pets: { demo: [] } });
  const app = new AppState(bridge.api);
  await app.start();
  return { app, bridge };
}

describe('the screen never steps back to an older state than main holds', () => {
  it('outbox: a retry’s reply that left before the "sent" event does not undo it', async () => {
    const { app, bridge } = await started();
    const reply = bridge.stamp({ items: [item('sending')] });
    bridge.emit('onOutbox', { items: [item('sent')] });
    app.applyOutbox(reply);
    expect(app.outboxItems.map((shown) => shown.state)).toEqual(['sent']);
    expect(app.outboxItems[0]?.created?.id).toBe('16');
  });

  it('settings: a late reply does not bring back an address already changed', async () => {
    const { app, bridge } = await started();
    const reply = bridge.stamp(settings);
    const moved = {
      ...settings,
      environments: [{ ...demo, baseUrl: 'http://127.0.0.1:5000/v1' }],
    };
    bridge.emit('onSettings', moved);
    app.applySettings(reply);
    expect(app.environment?.baseUrl).toBe('http://127.0.0.1:5000/v1');
  });

  it('connectivity: a late status does not call the app online after it went offline', async () => {
    const { app, bridge } = await started();
    const status = bridge.stamp({
      sending: 0,
      waiting: 0,
      toCheck: 0,
      service: { health: 'online' as const },
    });
    bridge.emit('onConnectivity', {
      sending: 0,
      waiting: 2,
      toCheck: 0,
      service: { health: 'offline', problem: 'unreachable' },
    });
    app.applyConnectivity(status);
    expect(app.connectivity).toMatchObject({ service: { health: 'offline' }, waiting: 2 });
  });

  it('notices: a status read before a notice keeps that notice on screen', async () => {
    const { app, bridge } = await started();
    const connectivity = bridge.stamp({
      sending: 0,
      waiting: 0,
      toCheck: 0,
      service: { health: 'online' as const },
    });
    const status = { version: 'test', connectivity, notices: [], revision: connectivity.revision };
    bridge.emit('onNotice', {
      id: 'write-failed-categories',
      level: 'error',
      reason: 'file_not_saved',
      params: { file: 'categories' },
    });
    app.applyStatus(status);
    expect(app.notices.map((notice) => notice.id)).toEqual(['write-failed-categories']);
  });

  it('a newer reply still replaces an older event', async () => {
    const { app, bridge } = await started();
    bridge.emit('onOutbox', { items: [item('sending')] });
    app.applyOutbox(bridge.stamp({ items: [item('sent')] }));
    expect(app.outboxItems.map((shown) => shown.state)).toEqual(['sent']);
  });
});

describe('an add the service took at once, told before main’s events say so', () => {
  /** As the header counts before switching environment asks "not sent yet… switch anyway?". */
  const unsent = (app: AppState) => app.environmentOutbox.filter((shown) => shown.state !== 'sent').length;
  const header = (sending: number): ConnectivityState => ({
    sending,
    waiting: 0,
    toCheck: 0,
    service: { health: 'online' },
  });

  it('the header never counts as not sent the animal the screen just said was added', async () => {
    const bridge = bridgeForTests({ settings, pets: { demo: [] } });
    const sent = item('sent');
    // Main has sent its events saying Olive was sent, then answers the add; the events are still on their way.
    const createPet: PetstoreApi['createPet'] = () =>
      Promise.resolve({
        ok: true,
        value: {
          outcome: 'created',
          pet: { id: '16', name: 'Olive', categoryId: '4', status: 'available' },
          outbox: bridge.stamp({ items: [sent] }),
          connectivity: bridge.stamp(header(0)),
        },
      });
    const app = new AppState({ ...bridge.api, createPet });
    await app.start();
    bridge.emit('onOutbox', { items: [item('sending')] });
    bridge.emit('onConnectivity', header(1));
    expect(unsent(app)).toBe(1);
    expect(syncBadge(app.connectivity).text).toBe('Sending 1…');

    const answer = await app.addPet({ name: 'Olive', categoryId: '4' });

    expect(answer).toMatchObject({ ok: true, value: { outcome: 'created', pet: { name: 'Olive' } } });
    // Switching environment asks nothing, and the badge counts nothing.
    expect(unsent(app)).toBe(0);
    expect(syncBadge(app.connectivity).text).toBe('Online');
  });
});
