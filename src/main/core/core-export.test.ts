import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from './test-support/harness';

describe('exporting the list', () => {
  it('writes where the shell’s save dialog says, reports a cancel, and leaves the download to the page without a dialog', async () => {
    const running = await service();
    const dir = folder();
    const chosen = join(dir, 'chosen.csv');
    let answer: string | undefined = chosen;
    const withDialog = await openCore(folder(), running.url, {
      saveFile: async (_name, contents) => {
        if (answer) await writeFile(answer, contents);
        return answer;
      },
    });
    const csv = '\uFEFFId (text),Name\r\n9007199254740993,Rex\r\n';
    expect(await withDialog.invoke('saveExport', { fileName: 'petstore-demo.csv', contents: csv })).toEqual({
      outcome: 'saved',
      path: chosen,
    });
    expect(await readFile(chosen, 'utf8')).toBe(csv);
    answer = undefined;
    expect(await withDialog.invoke('saveExport', { fileName: 'petstore-demo.csv', contents: csv })).toEqual({
      outcome: 'cancelled',
    });

    const preview = await openCore(folder(), running.url);
    expect(await preview.invoke('saveExport', { fileName: 'petstore-demo.csv', contents: csv })).toEqual({
      outcome: 'download',
    });
    const refused = await preview.core.invoke('saveExport', { fileName: '../../etc/passwd', contents: csv });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });
});
