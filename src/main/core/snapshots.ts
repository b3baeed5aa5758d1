import type {
  AppNotice,
  AppStatus,
  CatalogueMeta,
  ConnectivityState,
  OutboxSnapshot,
  RevisedConnectivity,
  RevisedOutbox,
  RevisedSettings,
  SettingsView,
} from '../../shared';
import type { EventBus } from './events';

interface SnapshotSources {
  connectivity: () => ConnectivityState;
  outbox: () => OutboxSnapshot;
  settings: () => SettingsView;
}

const sameConnectivity = (a: ConnectivityState | undefined, b: ConnectivityState): boolean =>
  a !== undefined &&
  a.sending === b.sending &&
  a.waiting === b.waiting &&
  a.toCheck === b.toCheck &&
  a.service.health === b.service.health &&
  a.service.problem === b.service.problem &&
  a.service.until === b.service.until;

/**
 * The one place the core's state leaves, as events and as replies: settings,
 * outbox, connectivity, notices and the catalogue's freshness. Each snapshot is stamped with a revision
 * that only grows, so the renderer can drop a reply that arrives after a newer
 * event (or the other way round). Connectivity is sent only when it changed.
 */
export class Snapshots {
  private readonly noticeList: AppNotice[] = [];
  private lastConnectivity: ConnectivityState | undefined;
  private sources: SnapshotSources | undefined;
  private revision = 0;

  constructor(private readonly bus: EventBus) {}

  /** Set once the parts that hold the state exist. */
  attach(sources: SnapshotSources): void {
    this.sources = sources;
  }

  /** Marks a snapshot as the newest so far. */
  stamp<T extends object>(content: T): T & { revision: number } {
    this.revision += 1;
    return { ...content, revision: this.revision };
  }

  /** A notice said again (a save that fails at each try) replaces the one held with its id, as the screens do. */
  notice(notice: AppNotice): void {
    const held = this.noticeList.findIndex((other) => other.id === notice.id);
    if (held !== -1) this.noticeList.splice(held, 1);
    this.noticeList.push(notice);
    this.bus.emit('onNotice', this.stamp(notice));
  }

  status(version: string): AppStatus {
    return { version, connectivity: this.connectivityView(), notices: [...this.noticeList], revision: this.revision };
  }

  /** The settings as they are now, for a reply that changed nothing. */
  settingsView(): RevisedSettings {
    return this.stamp(this.source().settings());
  }

  /** The settings after a change: sent as an event and returned for the reply. */
  settings(): RevisedSettings {
    const view = this.settingsView();
    this.bus.emit('onSettings', view);
    // Another environment, address or key: the header's state is that of the one in use now.
    this.connectivity();
    return view;
  }

  /** The outbox as it is now, for a reply; changes reach the renderer through `outbox()`. */
  outboxView(): RevisedOutbox {
    return this.stamp(this.source().outbox());
  }

  outbox(): void {
    this.bus.emit('onOutbox', this.outboxView());
    this.connectivity();
  }

  /** The catalogue in use changed (rows or freshness). */
  catalogue(meta: CatalogueMeta): void {
    this.bus.emit('onCatalogue', this.stamp(meta));
  }

  connectivityView(): RevisedConnectivity {
    return this.stamp(this.source().connectivity());
  }

  connectivity(): void {
    const state = this.source().connectivity();
    if (sameConnectivity(this.lastConnectivity, state)) return;
    this.lastConnectivity = { ...state };
    this.bus.emit('onConnectivity', this.stamp(state));
  }

  private source(): SnapshotSources {
    if (!this.sources) throw new Error('Snapshots used before attach()');
    return this.sources;
  }
}
