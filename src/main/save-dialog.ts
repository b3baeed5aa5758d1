import { writeFile } from 'node:fs/promises';
import type { BrowserWindow, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { ShellText } from './shell-text/shell-text';

/** Electron's dialog, as far as an export needs it (tests pass a stand-in). */
export interface SaveDialog {
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

/** Asks where to save an export (a CSV file), writes it there, and answers the path, or undefined when cancelled. */
export async function saveWithDialog(
  dialog: SaveDialog,
  window: BrowserWindow | undefined,
  text: ShellText,
  suggestedName: string,
  contents: string,
): Promise<string | undefined> {
  const options: SaveDialogOptions = {
    defaultPath: suggestedName,
    filters: [{ name: text('save.csv'), extensions: ['csv'] }],
  };
  const answer = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
  if (answer.canceled || !answer.filePath) return undefined;
  await writeFile(answer.filePath, contents, 'utf8');
  return answer.filePath;
}
