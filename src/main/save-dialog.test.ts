import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveWithDialog, type SaveDialog } from './save-dialog';
import { shellText } from './shell-text/shell-text';

const en = shellText('en');

// Electron's dialog cannot open here: a stand-in answers as the clerk would, the file is real.
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function clerkChooses(filePath: string | undefined): SaveDialog & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    showSaveDialog: (...args: unknown[]) => {
      const options = args.at(-1) as { defaultPath?: string };
      asked.push(options.defaultPath ?? '');
      return Promise.resolve(filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' });
    },
  };
}

describe('saving an export through the save dialog', () => {
  it('suggests the name, writes the CSV where the clerk chose, and answers the path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-export-'));
    folders.push(folder);
    const target = join(folder, 'animals.csv');
    const dialog = clerkChooses(target);
    expect(await saveWithDialog(dialog, undefined, en, 'petstore-demo.csv', '\uFEFFId (text)\r\n1\r\n')).toBe(target);
    expect(dialog.asked).toEqual(['petstore-demo.csv']);
    expect(readFileSync(target, 'utf8')).toBe('\uFEFFId (text)\r\n1\r\n');
  });

  it('writes nothing when the clerk cancels', async () => {
    expect(await saveWithDialog(clerkChooses(undefined), undefined, en, 'petstore-demo.csv', 'x')).toBeUndefined();
  });
});
