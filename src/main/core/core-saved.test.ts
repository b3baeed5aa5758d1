import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY, folder, openCore, service } from './test-support/harness';
import { movableClock } from './test-support';

describe('the saved lists, for the search box', () => {
  it('holds every animal of the environment’s saved lists once, from its newest list, and none of another environment', async () => {
    const demo = await service({
      initialPets: [
        { name: 'Rex', categoryId: '1', status: 'available' },
        { name: 'Zoë', categoryId: '2', status: 'sold' },
      ],
    });
    const staging = await service({ initialPets: [{ name: 'Staging cat', categoryId: '1' }] });
    const clock = movableClock();
    const { invoke } = await openCore(folder(), demo.url, { now: clock.now });
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: staging.url });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });

    expect(await invoke('getSavedPets', {})).toEqual({ environmentId: 'demo', pets: [] });
    const all = await invoke('listPets', { query: { limit: 20 } });
    clock.advance(60_000);
    const sold = await invoke('listPets', { query: { limit: 20, status: 'sold' } });

    const saved = await invoke('getSavedPets', {});
    expect(saved.pets.map(({ pet }) => pet.name).sort()).toEqual(['Rex', 'Zoë']);
    expect(saved.pets.find(({ pet }) => pet.name === 'Zoë')?.fetchedAt).toBe(sold.fetchedAt);
    expect(saved.pets.find(({ pet }) => pet.name === 'Rex')?.fetchedAt).toBe(all.fetchedAt);

    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect(await invoke('getSavedPets', {})).toEqual({ environmentId: 'staging', pets: [] });
  });
});

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
