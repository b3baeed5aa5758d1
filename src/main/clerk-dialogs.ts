import type { BrowserWindow, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { ENVIRONMENT_LABELS, type EnvironmentId } from '../shared';

/** Electron's dialog, as far as this question needs it (tests pass a stand-in). */
export interface MessageDialog {
  showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

// The shell's questions to the clerk, asked in the main process where the page cannot answer them.

/**
 * Asked in the main process, outside the page, when an environment's address
 * moves to another origin: may its API key go there? "Keep it here" is the
 * default, so Enter or Esc never sends a key to a new host.
 */
export async function confirmKeyOrigin(
  dialog: MessageDialog,
  window: BrowserWindow | undefined,
  environmentId: EnvironmentId,
  from: string,
  to: string,
): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'warning',
    title: 'Send the API key to a new address?',
    message: `The ${ENVIRONMENT_LABELS[environmentId]} address now points to ${to}.`,
    detail: `Its API key was entered for ${from}. Send that key to ${to} from now on? If you are not sure, enter the key again in Settings instead.`,
    buttons: [`Use the key for ${to}`, 'Enter the key again'],
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
  unsent: number,
): Promise<boolean> {
  if (unsent === 0) return true;
  const options: MessageBoxOptions = {
    type: 'warning',
    title: 'Animals not sent yet',
    message: `${String(unsent)} ${unsent === 1 ? 'animal is' : 'animals are'} not sent to the service yet.`,
    detail: 'They stay saved on this computer and are sent the next time the app runs and the service can be reached.',
    buttons: ['Quit anyway', 'Keep the app open'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return answer.response === 0;
}

/**
 * Asked once a downloaded update is ready. "Later" is the default, so Enter or
 * Esc never restarts the counter mid-sale; with animals waiting, the restart
 * itself waits until they are sent.
 */
export async function confirmRestartForUpdate(
  dialog: MessageDialog,
  window: BrowserWindow | undefined,
  version: string,
  unsent: number,
): Promise<'restart' | 'later'> {
  const waiting =
    unsent === 0
      ? ''
      : ` ${String(unsent)} ${unsent === 1 ? 'animal waits' : 'animals wait'} to be sent: the app restarts once ${unsent === 1 ? 'it is' : 'they are'} sent.`;
  const options: MessageBoxOptions = {
    type: 'info',
    title: 'Update ready',
    message: `Petstore Counter ${version} is ready to install.`,
    detail: `Restart now to use it, or later: it is installed the next time the app quits with nothing waiting to be sent.${waiting}`,
    buttons: ['Restart now', 'Later'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  return answer.response === 0 ? 'restart' : 'later';
}
