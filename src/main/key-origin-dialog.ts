import type { BrowserWindow, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { ENVIRONMENT_LABELS, type EnvironmentId } from '../shared';

/** Electron's dialog, as far as this question needs it (tests pass a stand-in). */
export interface MessageDialog {
  showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

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
