import type { AppNotice, ConnectivityState, OutboxSnapshot, SettingsView } from '../../shared';
import type { EventBus } from './events';

interface SnapshotSources {
  connectivity: () => ConnectivityState;
  outbox: () => OutboxSnapshot;
  settings: () => SettingsView;
}

const sameConnectivity = (a: ConnectivityState | undefined, b: ConnectivityState): boolean =>
  a !== undefined && a.online === b.online && a.pending === b.pending && a.sending === b.sending;

/**
 * The one place the core's state leaves as events: settings, outbox,
 * connectivity and notices. Connectivity is sent only when it changed.
 */
export class Snapshots {
  private readonly noticeList: AppNotice[] = [];
  private lastConnectivity: ConnectivityState | undefined;
  private sources: SnapshotSources | undefined;

  constructor(private readonly bus: EventBus) {}

  /** Set once the parts that hold the state exist. */
  attach(sources: SnapshotSources): void {
    this.sources = sources;
  }

  get notices(): AppNotice[] {
    return [...this.noticeList];
  }

  notice(notice: AppNotice): void {
    this.noticeList.push(notice);
    this.bus.emit('onNotice', notice);
  }

  settings(): SettingsView {
    const view = this.source().settings();
    this.bus.emit('onSettings', view);
    return view;
  }

  outbox(): void {
    this.bus.emit('onOutbox', this.source().outbox());
    this.connectivity();
  }

  connectivity(): void {
    const state = this.source().connectivity();
    if (sameConnectivity(this.lastConnectivity, state)) return;
    this.lastConnectivity = { ...state };
    this.bus.emit('onConnectivity', state);
  }

  private source(): SnapshotSources {
    if (!this.sources) throw new Error('Snapshots used before attach()');
    return this.sources;
  }
}
