import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { previewProcessStory, spawnPreview } from './process';

// What reaches the preview's bridge that no page of its own sends: a body cut short, one far too large, the wrong
// shape, a request the contract does not have. Each is refused with its reason, and nothing of the clerk's changes.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-malformed-');

test('requests the bridge cannot read are refused with their reason, and the settings stay as they were', async () => {
  const preview = await spawnPreview(['--data-dir', join(tmp(), 'data')], tmp());
  const post = async (method: string, body: string) => {
    const answer = await fetch(`${preview.origin}/ipc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-petstore-token': preview.token },
      body,
    });
    return { status: answer.status, text: await answer.text() };
  };
  // The addresses and keys (the revision moves with every change the core reports, a sync's too).
  const settings = async () =>
    ((await preview.ipc('getSettings', {})) as { value: { environments: unknown[] } }).value.environments;
  const before = await settings();
  expect(before).toHaveLength(3);

  // A body cut short, as a dropped connection or a hand-made request leaves it.
  expect(await post('setBaseUrl', '{"environmentId":"demo","baseUrl":"http://127.0.0.1:1/v1"')).toEqual({
    status: 400,
    text: 'Bad request',
  });
  // More than a megabyte: never read whole into memory.
  const huge = JSON.stringify({ environmentId: 'demo', baseUrl: `http://127.0.0.1:1/v1?${'a'.repeat(1024 * 1024)}` });
  expect(await post('setBaseUrl', huge)).toEqual({ status: 413, text: 'Too large' });
  // A request the contract does not have.
  expect(await post('deleteEverything', '{}')).toEqual({ status: 404, text: 'Not found' });
  // JSON of the wrong shape reaches the core, whose dispatcher refuses it field by field.
  const wrongShape = await post('setBaseUrl', '{"environmentId":"demo","baseUrl":42}');
  expect(wrongShape.status).toBe(200);
  expect(JSON.parse(wrongShape.text)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });

  expect(await settings()).toEqual(before);
  expect(await preview.stop('SIGTERM')).toBe(0);
});
