import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { previewProcessStory, spawnPreview } from './process';
import type { AppNotice } from '../../src/shared';

// `npm run preview:web -- --policy FILE`: the preview reads a policy file the way the shell reads the machine's.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-policy-');

interface Settings {
  environments: Array<{ id: string; baseUrl: string; managed: boolean }>;
  selected: string;
  policy: { updatesEnabled: boolean; demoHidden: boolean; language?: string };
}

test('a policy file locks production and hides the demo environment', async () => {
  const file = join(tmp(), 'policy.json');
  const policy = {
    environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true } },
    hideDemo: true,
    language: 'es',
  };
  writeFileSync(file, JSON.stringify(policy));
  const preview = await spawnPreview(['--data-dir', join(tmp(), 'data'), '--policy', file], tmp());
  try {
    const settings = (await preview.ipc('getSettings', {})) as { ok: boolean; value: Settings };
    expect(settings.value.environments.map((env) => `${env.id}:${String(env.managed)}`)).toEqual([
      'production:true',
      'staging:false',
    ]);
    expect(settings.value.selected).toBe('production');
    expect(settings.value.policy).toEqual({
      updatesEnabled: true,
      language: 'es',
      demoHidden: true,
      administrationLocked: false,
    });
    expect(
      await preview.ipc('setBaseUrl', { environmentId: 'production', baseUrl: 'https://other.example/v1' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', reason: 'managed_address', fields: { baseUrl: 'managed' } },
    });
  } finally {
    expect(await preview.stop('SIGTERM')).toBe(0);
  }
});

test('a broken policy file: the preview takes the safe side of every field and says why', async () => {
  const file = join(tmp(), 'policy.json');
  writeFileSync(file, '{ "hideDemo": ');
  const preview = await spawnPreview(['--data-dir', join(tmp(), 'data'), '--policy', file], tmp());
  try {
    const status = (await preview.ipc('getStatus', {})) as { value: { notices: AppNotice[] } };
    expect(status.value.notices).toContainEqual({
      id: 'policy-file',
      level: 'warning',
      reason: 'policy_not_json',
      params: { path: file, detail: expect.stringContaining('JSON') as unknown },
    });
    const settings = (await preview.ipc('getSettings', {})) as { value: Settings };
    expect(settings.value.environments.map((env) => `${env.id}:${String(env.managed)}`)).toEqual([
      'production:true',
      'staging:true',
    ]);
    expect(settings.value.policy).toEqual({ updatesEnabled: false, demoHidden: true, administrationLocked: true });
    expect(preview.stderr()).toContain('policy_not_json');
  } finally {
    expect(await preview.stop('SIGTERM')).toBe(0);
  }
});
