import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ReferenceService } from '../support/reference-service';
import { previewProcessStory, spawnPreview } from './process';

// `npm run preview:web` as a developer runs it: a real child process with its
// own private keyring, stopped by a signal and started again.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-process-');

const demoList = { query: { limit: 20 } };

test('a preview restarted on the same --data-dir lists at once: demo database, its key and the keyring live there', async () => {
  const dataDir = join(tmp(), 'shop', 'preview-data'); // does not exist yet
  const first = await spawnPreview(['--data-dir', dataDir], tmp());
  expect(await first.ipc('listPets', demoList)).toMatchObject({ ok: true, value: { environmentId: 'demo' } });
  expect(await first.stop('SIGTERM')).toBe(0);
  for (const file of ['demo.db', 'keyring', 'settings.json']) expect(existsSync(join(dataDir, file)), file).toBe(true);

  const second = await spawnPreview(['--data-dir', dataDir], tmp());
  const list = (await second.ipc('listPets', demoList)) as { ok: boolean; value?: { pets: unknown[] } };
  expect(list.ok).toBe(true);
  expect(list.value?.pets.length).toBeGreaterThan(0);
  expect(await second.stop('SIGINT')).toBe(0);
  expect(second.stderr()).not.toMatch(/dbus/i);
});

test('a key the clerk typed is still there after a restart: the list comes at once and a queued animal goes out', async () => {
  const service = new ReferenceService(join(tmp(), 'shop.db'));
  await service.start();
  try {
    const dataDir = join(tmp(), 'data');
    const args = ['--data-dir', dataDir, '--petstore-url', service.url];
    const first = await spawnPreview(args, tmp());
    expect(await first.ipc('listPets', demoList)).toMatchObject({ ok: false, error: { kind: 'no_api_key' } });
    expect(await first.ipc('setApiKey', { environmentId: 'demo', apiKey: service.apiKey })).toMatchObject({ ok: true });
    // The shop's service goes down; an animal added meanwhile waits in the outbox.
    await service.stop();
    const pet = { name: 'Biscuit the restart cat', categoryId: '3' };
    expect(await first.ipc('createPet', { pet })).toMatchObject({ ok: true, value: { outcome: 'queued' } });
    expect(await first.stop('SIGTERM')).toBe(0);

    await service.start();
    const second = await spawnPreview(args, tmp());
    expect(await second.ipc('listPets', demoList)).toMatchObject({ ok: true, value: { environmentId: 'demo' } });
    await expect
      .poll(async () => (await service.pets()).map((animal) => animal.name), { timeout: 30_000 })
      .toContain(pet.name);
    expect(await second.stop('SIGTERM')).toBe(0);
  } finally {
    await service.stop();
  }
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
