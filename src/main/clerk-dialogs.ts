import type { BrowserWindow, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import type { EnvironmentId } from '../shared';
import { environmentName, type ShellText } from './shell-text/shell-text';

/** Electron's dialog, as far as this question needs it (tests pass a stand-in). */
export interface MessageDialog {
  showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

// The shell's questions to the clerk, asked in the main process where the page cannot answer them,
// in the language the page reported (`text`).

/**
 * Asked in the main process, outside the page, when an environment's address
 * moves to another origin: may its API key go there? "Keep it here" is the
 * default, so Enter or Esc never sends a key to a new host.
 */
export async function confirmKeyOrigin(
  dialog: MessageDialog,
  window: BrowserWindow | undefined,
  text: ShellText,
  environmentId: EnvironmentId,
  from: string,
  to: string,
): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'warning',
    title: text('keyOrigin.title'),
    message: text('keyOrigin.message', { environment: environmentName(text, environmentId), to }),
    detail: text('keyOrigin.detail', { from, to }),
    buttons: [text('keyOrigin.use', { to }), text('keyOrigin.enterAgain')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return answer.response === 0;
}

/** Asked before quitting while animals wait to be sent: they are kept, but the clerk should know. */
export async function confirmQuitWithUnsent(
  dialog: MessageDialog,
  window: BrowserWindow | undefined,
  text: ShellText,
  unsent: number,
): Promise<boolean> {
  if (unsent === 0) return true;
  const options: MessageBoxOptions = {
    type: 'warning',
    title: text('quit.title'),
    message: text('quit.message', { count: unsent }),
    detail: text('quit.detail'),
    buttons: [text('quit.quit'), text('quit.keepOpen')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return answer.response === 0;
}

/**
 * Asked once a downloaded update is ready. "Later" is the default, so Enter or
 * Esc never restarts the counter mid-sale; with an animal being sent, the
 * restart itself waits until the send has ended.
 */
export async function confirmRestartForUpdate(
  dialog: MessageDialog,
  window: BrowserWindow | undefined,
  text: ShellText,
  version: string,
  sending: number,
): Promise<'restart' | 'later'> {
  const waiting = sending === 0 ? '' : ` ${text('update.waiting', { count: sending })}`;
  const options: MessageBoxOptions = {
    type: 'info',
    title: text('update.title'),
    message: text('update.message', { version }),
    detail: `${text('update.detail')}${waiting}`,
    buttons: [text('update.restart'), text('update.later')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return answer.response === 0 ? 'restart' : 'later';
}

/** Electron's error box, as far as the refusal at start needs it (tests pass a stand-in). */
export interface ErrorDialog {
  showErrorBox(title: string, content: string): void;
}

/** Said at start, before the app quits, when another copy of it (or the web preview) holds its data folder. */
export function showDataFolderInUse(dialog: ErrorDialog, text: ShellText, folder: string, pid: number): void {
  dialog.showErrorBox(text('dataInUse.title'), text('dataInUse.message', { folder, pid: String(pid) }));
}

/** Said when the app could not start at all (its data folder unusable, say), before it quits: never a silent exit. */
export function showStartFailed(dialog: ErrorDialog, text: ShellText, folder: string, problem: string): void {
  dialog.showErrorBox(text('startFailed.title'), text('startFailed.message', { folder, problem }));
}
