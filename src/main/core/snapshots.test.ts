import { describe, expect, it } from 'vitest';
import type { AppNotice, RevisedNotice } from '../../shared';
import { EventBus } from './events';
import { Snapshots } from './snapshots';

const outboxNotSaved: AppNotice = {
  id: 'write-failed-outbox',
  level: 'error',
  reason: 'file_not_saved',
  params: { file: 'outbox' },
};
const keychain: AppNotice = { id: 'keychain-unreadable', level: 'warning', reason: 'keychain_unreadable' };

describe('the notices the status holds while the disk stays full', () => {
  it('holds “the outbox could not be saved”, said again at each try, once — as last said, after the others — and tells the screens each time', () => {
    const bus = new EventBus();
    const told: RevisedNotice[] = [];
    bus.on('onNotice', (notice) => told.push(notice));
    const snapshots = new Snapshots(bus);
    const notAsked = () => {
      throw new Error('the status does not read this');
    };
    snapshots.attach({
      connectivity: () => ({ online: true, service: { health: 'online' }, sending: 0, waiting: 0, toCheck: 0 }),
      outbox: notAsked,
      settings: notAsked,
    });
    snapshots.notice(outboxNotSaved);
    snapshots.notice(keychain);
    // A minute of a full disk: the outbox tries again each second, and says so each time.
    for (let second = 0; second < 60; second += 1) snapshots.notice(outboxNotSaved);
    const { notices } = snapshots.status('1.0.0');
    expect(notices).toEqual([keychain, outboxNotSaved]);
    expect(told).toHaveLength(62);
  });
});
