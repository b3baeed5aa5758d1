import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { previewProcessStory, spawnPreview } from './process';

// A settings file with one part this version cannot read, as the clerk meets it on screen.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-damaged-');

test('a settings file with one unreadable part keeps the rest — the clerk’s language too — and says which part', async ({
  page,
}) => {
  const dataDir = join(tmp(), 'data');
  mkdirSync(dataDir);
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      version: 1,
      environments: {
        production: { baseUrl: 'https://shop.example.org/v1' },
        staging: { baseUrl: 'https://staging.example.org/v1' },
        demo: { baseUrl: 'http://127.0.0.1:4010/v1' },
      },
      selected: 'demo',
      // German, kept; a sort by a column this version lacks, named as that list’s.
      preferences: { language: 'de', sort: { demo: { key: 'price', direction: 'ascending' } } },
    }),
  );
  const preview = await spawnPreview(['--data-dir', dataDir], tmp());
  try {
    await page.goto(preview.url);
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    const backup = readdirSync(dataDir).find((file) => file.startsWith('settings.corrupt-')) ?? '';
    await expect(
      page.getByText(
        `Ein Teil der Einstellungen konnte nicht gelesen werden (preferences.sort.demo); dieser Teil ist wieder auf seinem Standard, alles andere blieb erhalten. Die Datei, wie sie war, wurde als ${backup} aufbewahrt.`,
      ),
    ).toBeVisible();
  } finally {
    expect(await preview.stop('SIGTERM')).toBe(0);
  }
});
