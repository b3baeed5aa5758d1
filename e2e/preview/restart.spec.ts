import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { onOwnService, previewProcessStory, spawnPreview } from './process';

// `npm run preview:web` as a developer runs it: a real child process with its
// own private keyring, stopped by a signal and started again.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-process-');

type Preview = Awaited<ReturnType<typeof spawnPreview>>;
interface Catalogue {
  ok: boolean;
  value?: { environmentId: string; state: string; count: number; problem?: { kind: string } };
}

/** The catalogue the list shows, as the page asks for it. */
const catalogueOf = async (preview: Preview) => (await preview.ipc('getCatalogue', {})) as Catalogue;

/** The catalogue once its sync (at start, or after a new key) has ended. */
async function syncedCatalogue(preview: Preview): Promise<Catalogue> {
  await expect.poll(async () => (await catalogueOf(preview)).value?.state, { timeout: 15_000 }).not.toBe('syncing');
  return catalogueOf(preview);
}

interface Settings {
  value?: { environments: { id: string; baseUrl: string }[] };
}
const demoAddress = async (preview: Preview) =>
  ((await preview.ipc('getSettings', {})) as Settings).value?.environments.find((item) => item.id === 'demo')?.baseUrl;

test('a preview restarted on the same --data-dir lists again: demo database, its key, its port, the keyring and the catalogue live there', async () => {
  const dataDir = join(tmp(), 'shop', 'preview-data'); // does not exist yet
  const catalogues = () => readdirSync(dataDir).filter((file) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(file));
  const first = await spawnPreview(['--data-dir', dataDir], tmp());
  expect(await syncedCatalogue(first)).toMatchObject({ ok: true, value: { environmentId: 'demo', state: 'fresh' } });
  const address = await demoAddress(first);
  expect(await first.stop('SIGTERM')).toBe(0);
  for (const file of ['demo.db', 'keyring', 'settings.json']) expect(existsSync(join(dataDir, file)), file).toBe(true);
  const [stored] = catalogues();
  if (stored === undefined) throw new Error('no catalogue stored');
  const storedAt = statSync(join(dataDir, stored)).mtimeMs;

  // The demo service is back on its port, so at the same address: the stored catalogue is found again, and its
  // sync is all 304s (nothing rewritten), with the same key.
  const second = await spawnPreview(['--data-dir', dataDir], tmp());
  const list = await syncedCatalogue(second);
  expect(list.value?.state).toBe('fresh');
  expect(list.value?.count).toBeGreaterThan(0);
  expect(await demoAddress(second)).toBe(address);
  expect(catalogues()).toEqual([stored]);
  expect(statSync(join(dataDir, stored)).mtimeMs).toBe(storedAt);
  expect(await second.stop('SIGINT')).toBe(0);
  expect(second.stderr()).not.toMatch(/dbus/i);
});

test('when the demo service’s port of last time is taken, the preview starts on another and syncs the shop there', async () => {
  const dataDir = join(tmp(), 'preview-data');
  const first = await spawnPreview(['--data-dir', dataDir], tmp());
  const address = await demoAddress(first);
  expect(await first.stop('SIGTERM')).toBe(0);
  const squatter = createServer();
  await new Promise<void>((listening) => squatter.listen(Number(new URL(address ?? '').port), '127.0.0.1', listening));
  try {
    const second = await spawnPreview(['--data-dir', dataDir], tmp());
    expect(await demoAddress(second)).not.toBe(address);
    expect((await syncedCatalogue(second)).value).toMatchObject({ state: 'fresh' });
    expect(await second.stop('SIGTERM')).toBe(0);
  } finally {
    squatter.close();
  }
});

test('a key the clerk typed is still there after a restart: the list comes at once and a queued animal goes out', async () => {
  await onOwnService(tmp(), async ({ service, args }) => {
    const first = await spawnPreview(args, tmp());
    expect(await first.ipc('refreshCatalogue', {})).toMatchObject({ ok: true });
    expect(await syncedCatalogue(first)).toMatchObject({ value: { state: 'error', problem: { kind: 'no_api_key' } } });
    expect(await first.ipc('setApiKey', { environmentId: 'demo', apiKey: service.apiKey })).toMatchObject({ ok: true });
    // The shop's service goes down; an animal added meanwhile waits in the outbox.
    await service.stop();
    const pet = { name: 'Biscuit the restart cat', categoryId: '3' };
    expect(await first.ipc('createPet', { pet })).toMatchObject({ ok: true, value: { outcome: 'queued' } });
    expect(await first.stop('SIGTERM')).toBe(0);

    await service.start();
    const second = await spawnPreview(args, tmp());
    expect(await syncedCatalogue(second)).toMatchObject({ ok: true, value: { environmentId: 'demo', state: 'fresh' } });
    await expect
      .poll(async () => (await service.pets()).map((animal) => animal.name), { timeout: 30_000 })
      .toContain(pet.name);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});

test('a --data-dir that cannot be created is refused in one line, not with a stack', async () => {
  writeFileSync(join(tmp(), 'a-file'), '');
  const refused = spawnPreview(['--data-dir', join(tmp(), 'a-file', 'data')], tmp());
  await expect(refused).rejects.toThrow(/exited \(1\)[\s\S]*--data-dir \S+ cannot be created \(ENOTDIR/);
  await expect(refused).rejects.not.toThrow(/\n\s+at /);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`${signal} removes the temporary data folder and keyring home, and prints no dbus chatter`, async () => {
    const preview = await spawnPreview([], tmp());
    const temporary = readdirSync(tmp());
    expect(temporary.some((name) => name.startsWith('petstore-preview-'))).toBe(true);
    expect(temporary.some((name) => name.startsWith('petstore-test-home-'))).toBe(true);
    expect(await preview.stop(signal)).toBe(0);
    expect(readdirSync(tmp()).filter((name) => name.startsWith('petstore-'))).toEqual([]);
    expect(preview.stderr()).toBe('');
  });
}
