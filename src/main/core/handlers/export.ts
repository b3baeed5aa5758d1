import type { ExportOutcome } from '../../../shared';
import type { Handlers } from './context';

/** Shows a save dialog for `suggestedName` and writes `contents` there; undefined when the clerk cancels. */
export type SaveFile = (suggestedName: string, contents: string) => Promise<string | undefined>;

export function exportHandlers(saveFile: SaveFile | undefined): Pick<Handlers, 'saveExport'> {
  return {
    saveExport: async ({ fileName, contents }): Promise<ExportOutcome> => {
      if (!saveFile) return { outcome: 'download' };
      const path = await saveFile(fileName, contents);
      return path === undefined ? { outcome: 'cancelled' } : { outcome: 'saved', path };
    },
  };
}
