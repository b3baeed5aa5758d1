import { describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../shared';
import { EventBus } from './events';
import { NO_POLICY } from './policy';
import { Snapshots } from './snapshots';

/** A counter with no environment set up yet. */
const noSettings = () => ({
  environments: [],
  selected: 'demo' as const,
  policy: NO_POLICY,
  preferences: {},
  demoKeyKnown: false,
});

describe('the event bus', () => {
  it('delivers each event to its own listeners until they unsubscribe', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const stop = bus.on('onNotice', (notice) => heard.push(notice.id));
    bus.on('onOutbox', (snapshot) => heard.push(`outbox:${String(snapshot.items.length)}`));
    bus.emit('onNotice', { id: 'a', level: 'info', reason: 'keychain_unreadable', revision: 1 });
    bus.emit('onOutbox', { items: [], revision: 2 });
    stop();
    bus.emit('onNotice', { id: 'b', level: 'info', reason: 'keychain_unreadable', revision: 3 });
    expect(heard).toEqual(['a', 'outbox:0']);
  });
});

describe('snapshots', () => {
  it('sends connectivity only when it changed, and keeps every notice for the status', () => {
    const bus = new EventBus();
    const snapshots = new Snapshots(bus);
    let state: ConnectivityState = { sending: 0, waiting: 0, toCheck: 0, service: { health: 'online' } };
    snapshots.attach({
      connectivity: () => state,
      outbox: () => ({ items: [] }),
      settings: noSettings,
    });
    const sent: ConnectivityState[] = [];
    bus.on('onConnectivity', (value) => sent.push(value));
    snapshots.connectivity();
    snapshots.connectivity();
    state = { sending: 0, waiting: 1, toCheck: 0, service: { health: 'offline', problem: 'unreachable' } };
    snapshots.outbox();
    snapshots.notice({
      id: 'n',
      level: 'warning',
      reason: 'file_unreadable',
      params: { file: 'settings', problem: 'not_json', backup: 'settings.json.bak' },
    });
    expect(sent.map(({ service, waiting }) => ({ health: service.health, waiting }))).toEqual([
      { health: 'online', waiting: 0 },
      { health: 'offline', waiting: 1 },
    ]);
    expect(snapshots.status('1.0.0').notices.map((notice) => notice.id)).toEqual(['n']);
  });

  it('stamps every snapshot, in a reply or an event, with a revision that only grows', () => {
    const bus = new EventBus();
    const snapshots = new Snapshots(bus);
    let waiting = 0;
    snapshots.attach({
      connectivity: () => ({ sending: 0, waiting, toCheck: 0, service: { health: 'online' } }),
      outbox: () => ({ items: [] }),
      settings: noSettings,
    });
    const seen: number[] = [];
    bus.on('onOutbox', (value) => seen.push(value.revision));
    bus.on('onSettings', (value) => seen.push(value.revision));
    bus.on('onConnectivity', (value) => seen.push(value.revision));
    bus.on('onNotice', (value) => seen.push(value.revision));
    seen.push(snapshots.outboxView().revision);
    waiting = 1;
    snapshots.outbox();
    seen.push(snapshots.settings().revision);
    seen.push(snapshots.settingsView().revision);
    snapshots.notice({ id: 'n', level: 'info', reason: 'keychain_unreadable' });
    const status = snapshots.status('1.0.0');
    seen.push(status.connectivity.revision);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // A change's event and its reply are one snapshot and share a revision; nothing else repeats one.
    expect(new Set(seen).size).toBe(seen.length - 1);
    expect(status.revision).toBe(Math.max(...seen));
  });
});
