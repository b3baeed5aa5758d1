import { describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../shared';
import { EventBus } from './events';
import { Snapshots } from './snapshots';

describe('the event bus', () => {
  it('delivers each event to its own listeners until they unsubscribe', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const stop = bus.on('onNotice', (notice) => heard.push(notice.id));
    bus.on('onOutbox', (snapshot) => heard.push(`outbox:${String(snapshot.items.length)}`));
    bus.emit('onNotice', { id: 'a', level: 'info', message: 'A' });
    bus.emit('onOutbox', { items: [] });
    stop();
    bus.emit('onNotice', { id: 'b', level: 'info', message: 'B' });
    expect(heard).toEqual(['a', 'outbox:0']);
  });
});

describe('snapshots', () => {
  it('sends connectivity only when it changed, and keeps every notice for the status', () => {
    const bus = new EventBus();
    const snapshots = new Snapshots(bus);
    let state: ConnectivityState = { online: true, pending: 0, sending: false };
    snapshots.attach({
      connectivity: () => state,
      outbox: () => ({ items: [] }),
      settings: () => ({ environments: [], selected: 'demo', lastQuery: { limit: 20 } }),
    });
    const sent: ConnectivityState[] = [];
    bus.on('onConnectivity', (value) => sent.push(value));
    snapshots.connectivity();
    snapshots.connectivity();
    state = { online: false, pending: 1, sending: false };
    snapshots.outbox();
    snapshots.notice({ id: 'n', level: 'warning', message: 'N' });
    expect(sent).toEqual([
      { online: true, pending: 0, sending: false },
      { online: false, pending: 1, sending: false },
    ]);
    expect(snapshots.notices.map((notice) => notice.id)).toEqual(['n']);
  });
});
