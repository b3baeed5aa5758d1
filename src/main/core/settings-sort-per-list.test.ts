import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ENVIRONMENTS, defaultSettings } from './settings';
import { folder, freshCore } from './test-support/harness';

describe('a settings file where one list is sorted by a column this version lacks', () => {
  it('keeps the sort of every other list (each list keeps its own), naming only the bad one', async () => {
    const dataDir = folder();
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        ...defaultSettings(BUILT_IN_ENVIRONMENTS),
        preferences: {
          sort: {
            // Sorted by a newer version's column.
            production: { key: 'price', direction: 'ascending' },
            demo: { key: 'name', direction: 'descending' },
          },
        },
      }),
    );
    const core = await freshCore({ dataDir });
    const settings = await core.invoke('getSettings', {});
    expect(settings.ok && settings.value.preferences.sort).toEqual({ demo: { key: 'name', direction: 'descending' } });
    const status = await core.invoke('getStatus', {});
    expect(status.ok && status.value.notices).toMatchObject([
      { id: 'corrupt-settings', params: { parts: 'preferences.sort.production' } },
    ]);
  });
});
