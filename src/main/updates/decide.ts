// When to check, download, offer a restart and restart: pure, so every case is
// a unit test. The shell (src/main/updater.ts) feeds it what electron-updater
// and the core report and carries out the action it returns.

/** Checked at start and then every six hours (issue #16). */
export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** While the clerk's "restart" waits for the outbox, how often the shell looks again. */
export const OUTBOX_RECHECK_MS = 30 * 1000;

/** What electron-updater last told us. */
export type UpdateState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'available'; version: string }
  | { kind: 'downloading'; version: string; percent: number }
  | { kind: 'downloaded'; version: string }
  | { kind: 'error'; message: string };

/** The clerk's answer to "restart to update?" for one downloaded version. */
export type RestartAnswer = 'asking' | 'later' | 'restart';

export interface UpdateInputs {
  now: number;
  /** The machine policy: false turns updates off entirely. */
  enabled: boolean;
  /** A development run (not packaged) never updates itself. */
  packaged: boolean;
  /** When the last check started; undefined before the first (the check at start). */
  lastCheckAt: number | undefined;
  state: UpdateState;
  /**
   * Animals being sent right now (outbox state `sending`). Only these hold an
   * update back: waiting, uncertain and refused items are on disk and are
   * still there after the restart.
   */
  sending: number;
  /** The offer made for a downloaded version and where the clerk stands on it. */
  offer: { version: string; answer: RestartAnswer } | undefined;
}

export type UpdateAction =
  | { kind: 'nothing'; reason: string }
  | { kind: 'check' }
  | { kind: 'download'; version: string }
  | { kind: 'offer-restart'; version: string; sending: number }
  | { kind: 'wait-for-outbox'; version: string; sending: number; reason: string }
  | { kind: 'restart'; version: string };

const nothing = (reason: string): UpdateAction => ({ kind: 'nothing', reason });

function beingSent(count: number): string {
  return `${String(count)} ${count === 1 ? 'animal is' : 'animals are'} being sent`;
}

export function isCheckDue(now: number, lastCheckAt: number | undefined): boolean {
  return lastCheckAt === undefined || now - lastCheckAt >= CHECK_INTERVAL_MS;
}

export function decide(inputs: UpdateInputs): UpdateAction {
  if (!inputs.packaged) return nothing('not packaged: a development run never updates itself');
  if (!inputs.enabled) return nothing('updates are turned off by policy');
  const { state } = inputs;
  switch (state.kind) {
    case 'checking':
      return nothing('a check is under way');
    case 'downloading':
      return nothing(`version ${state.version} is downloading in the background`);
    case 'available':
      // electron-updater dedupes: with autoDownload it has already started, this only makes sure.
      return { kind: 'download', version: state.version };
    case 'downloaded':
      return decideRestart(state.version, inputs);
    case 'idle':
    case 'error':
      return isCheckDue(inputs.now, inputs.lastCheckAt) ? { kind: 'check' } : nothing('checked less than 6 hours ago');
  }
}

function decideRestart(version: string, inputs: UpdateInputs): UpdateAction {
  const offer = inputs.offer?.version === version ? inputs.offer : undefined;
  if (!offer) return { kind: 'offer-restart', version, sending: inputs.sending };
  switch (offer.answer) {
    case 'asking':
      return nothing('waiting for the clerk to answer');
    case 'later':
      return nothing(`version ${version} installs when the app quits with nothing being sent`);
    case 'restart':
      // Never restart in the middle of a send: the restart happens once it has ended.
      return inputs.sending > 0
        ? {
            kind: 'wait-for-outbox',
            version,
            sending: inputs.sending,
            reason: `${beingSent(inputs.sending)}; the app restarts for version ${version} once the send has ended`,
          }
        : { kind: 'restart', version };
  }
}

/**
 * Whether a downloaded update may be installed as the app quits
 * (electron-updater's `autoInstallOnAppQuit`, read at the moment of quitting).
 */
export function installOnQuit(inputs: Pick<UpdateInputs, 'enabled' | 'packaged' | 'sending'>): boolean {
  return inputs.packaged && inputs.enabled && inputs.sending === 0;
}

/** The animals being sent in an outbox snapshot (its public view): what an update waits for. */
export function animalsBeingSent(outbox: { items: readonly { state: string }[] }): number {
  return outbox.items.filter((item) => item.state === 'sending').length;
}
