import electronUpdater from 'electron-updater';
import electronHttp from 'electron-updater/out/electronHttpExecutor.js';
import type { RevisedOutbox } from '../shared';
import type { Core } from './core';
import { assertFeed, guardSession, keepToFeed } from './updates/feed-guard';
import {
  animalsBeingSent,
  CHECK_INTERVAL_MS,
  decide,
  installOnQuit,
  OUTBOX_RECHECK_MS,
  type RestartAnswer,
  type UpdateState,
} from './updates/decide';

/** What the shell uses of electron-updater's `autoUpdater` (tests pass a stand-in). */
interface Version {
  version: string;
}
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: Version) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdaterLogger {
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}

export interface UpdatesOptions {
  /**
   * Called only when updates are on: building electron-updater's updater reads the packaged app's files.
   * A builder that throws (a feed the app refuses) leaves updates off, and the log says why.
   */
  updater: () => Updater;
  packaged: boolean;
  /** The machine policy's switch; on unless the policy turns it off. */
  updatesEnabled?: boolean;
  /** Animals being sent right now (`animalsBeingSent` of the outbox's snapshot): only these hold an update back. */
  animalsBeingSent: () => number;
  askToRestart: (version: string, sending: number) => Promise<'restart' | 'later'>;
  /** Electron's `will-quit`: the last moment to decide whether the quit installs the update. */
  onWillQuit: (listener: () => void) => void;
  log: UpdaterLogger;
  now?: () => number;
}

export interface RunningUpdates {
  state(): UpdateState;
  stop(): void;
}

/**
 * electron-updater's own updater for this platform, logging to the app's log,
 * reading only `feed` (the build's) and asking nothing but https on its host.
 * Throws when the feed is not one the app takes: updates are then off.
 */
export function electronAutoUpdater(log: UpdaterLogger, feed: URL): Updater {
  // Before electron-updater builds its updater: that needs the packaged app.
  assertFeed(feed);
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = log;
  const warn = (message: string) => {
    log.warn(message);
  };
  keepToFeed(autoUpdater, feed, warn);
  guardSession(electronHttp.getNetSession(), feed, warn);
  return autoUpdater;
}

/**
 * Follows the outbox through its public view (the newest revision wins) and
 * counts the animals being sent, for `animalsBeingSent`.
 */
export async function followSending(core: Pick<Core, 'invoke' | 'on'>): Promise<() => number> {
  let latest: RevisedOutbox | undefined;
  const keep = (next: RevisedOutbox) => {
    if (!latest || next.revision > latest.revision) latest = next;
  };
  core.on('onOutbox', keep);
  const first = await core.invoke('getOutbox', {});
  if (first.ok) keep(first.value);
  return () => (latest ? animalsBeingSent(latest) : 0);
}

/**
 * Checks at start and every 6 hours, downloads in the background, asks before
 * restarting and never restarts in the middle of a send. What to do is
 * `decide()`'s call; this only carries it out.
 */
export function startUpdates(options: UpdatesOptions): RunningUpdates {
  const now = options.now ?? Date.now;
  const enabled = options.updatesEnabled ?? true;
  let state: UpdateState = { kind: 'idle' };
  let lastCheckAt: number | undefined;
  let offer: { version: string; answer: RestartAnswer } | undefined;
  let lastWaitReason: string | undefined;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  const handle: RunningUpdates = { state: () => state, stop: () => timers.forEach(clearInterval) };

  // At start (idle, never checked) decide() answers "nothing" only when updates are off.
  const first = decide({ now: now(), enabled, packaged: options.packaged, lastCheckAt, state, sending: 0, offer });
  if (first.kind === 'nothing') {
    options.log.info(`Updates off: ${first.reason}`);
    return handle;
  }
  let updater: Updater;
  try {
    updater = options.updater();
  } catch (error) {
    // A feed the app does not take (not https, another host's) turns updates off rather than the app.
    options.log.warn(`Updates off: ${error instanceof Error ? error.message : String(error)}`);
    return handle;
  }
  updater.autoDownload = true;
  // Lets electron-updater register its quit handler when a download completes; will-quit has the last word.
  updater.autoInstallOnAppQuit = true;
  options.onWillQuit(() => {
    updater.autoInstallOnAppQuit = installOnQuit({
      enabled,
      packaged: options.packaged,
      sending: options.animalsBeingSent(),
    });
  });

  const moveTo = (next: UpdateState) => {
    state = next;
    evaluate();
  };
  updater.on('checking-for-update', () => (state = { kind: 'checking' }));
  updater.on('update-not-available', () => moveTo({ kind: 'idle' }));
  updater.on('update-available', (info) => moveTo({ kind: 'available', version: info.version }));
  updater.on('download-progress', (progress) => {
    if (state.kind === 'available' || state.kind === 'downloading') {
      state = { kind: 'downloading', version: state.version, percent: progress.percent };
    }
  });
  updater.on('update-downloaded', (info) => moveTo({ kind: 'downloaded', version: info.version }));
  updater.on('error', (error) => {
    options.log.warn('Update failed:', error.message);
    // A failed download goes back to checking on the usual rhythm; a downloaded update stays ready.
    if (state.kind !== 'downloaded') state = { kind: 'error', message: error.message };
  });

  function evaluate(): void {
    const sending = options.animalsBeingSent();
    const action = decide({ now: now(), enabled, packaged: options.packaged, lastCheckAt, state, sending, offer });
    switch (action.kind) {
      case 'check':
        lastCheckAt = now();
        state = { kind: 'checking' };
        updater.checkForUpdates().catch((error: unknown) => {
          if (state.kind === 'checking') state = { kind: 'error', message: String(error) };
        });
        return;
      case 'download':
        state = { kind: 'downloading', version: action.version, percent: 0 };
        // Already started by autoDownload; electron-updater returns the same download.
        updater.downloadUpdate().catch(() => undefined);
        return;
      case 'offer-restart': {
        const { version } = action;
        offer = { version, answer: 'asking' };
        // A dialog that fails counts as "later"; evaluate() itself never throws.
        void options
          .askToRestart(version, action.sending)
          .catch((): 'later' => 'later')
          .then((answer) => {
            offer = { version, answer };
            evaluate();
          });
        return;
      }
      case 'wait-for-outbox':
        if (action.reason !== lastWaitReason) options.log.info(`Update waits: ${action.reason}`);
        lastWaitReason = action.reason;
        return;
      case 'restart':
        options.log.info(`Restarting to install version ${action.version}`);
        handle.stop();
        // Silent, then the new version starts again; the before-quit handler still flushes the stores first.
        updater.quitAndInstall(true, true);
        return;
      case 'nothing':
        return;
    }
  }

  timers.push(setInterval(evaluate, CHECK_INTERVAL_MS), setInterval(waitingForOutbox, OUTBOX_RECHECK_MS));
  for (const timer of timers) timer.unref();
  evaluate();
  return handle;

  /** Only while the clerk's "restart" waits for a send to end. */
  function waitingForOutbox(): void {
    if (state.kind === 'downloaded' && offer?.answer === 'restart') evaluate();
  }
}
