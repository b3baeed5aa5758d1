/** The counter's night and next morning, for the stories of an outbox file found changed or damaged at the start. */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, type PetstoreApp } from '../fixtures';
import { startPreview, type PreviewOptions } from '../preview/server';
import { speak, type Locale } from './catalogue-text';
import { screens } from './screens';

/** A dog and a cat added while the service is down, the drawer closed, the clerk's language chosen (if `language`), and
 * the counter switched off for the night (its page and preview closed). Returns the app's data folder. */
export async function twoWaitingOvernight(
  petstore: PetstoreApp,
  [dog, cat]: readonly [string, string],
  language?: Locale,
): Promise<string> {
  const { page, service, dataDir } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  await ui.addAnimal(dog, 'Dogs');
  await ui.addAnimal(cat, 'Cats');
  await page.keyboard.press('Escape');
  await expect(ui.connection()).toHaveText(/^2 waiting/);
  if (language) await speak(page, language);
  await page.close();
  await petstore.preview?.close();
  return join(dataDir, 'app');
}

/** Waldi and Mieze waiting overnight (de), the last record of each name in `restated` given that state instead of
 * "queued"; by morning a line of the outbox file is torn, the disk will not take its copy set aside (the name is
 * taken), and the service is back. Returns the app's data folder. */
export async function readOnlyByMorning(petstore: PetstoreApp, restated: Record<string, string> = {}): Promise<string> {
  const folder = await twoWaitingOvernight(petstore, ['Waldi', 'Mieze'], 'de');
  const file = join(folder, 'outbox.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [name, state] of Object.entries(restated)) {
    const index = lines.findLastIndex((line) => line.includes(`"${name}"`) && line.includes('"state":"queued"'));
    expect(index, `${name}’s record in the outbox file`).toBeGreaterThanOrEqual(0);
    lines[index] = (lines[index] ?? '').replace('"state":"queued"', state);
  }
  writeFileSync(file, lines.join('\n'));
  appendFileSync(file, '{"id":"00000000-0000-4000-8000-000000000009","pet":{"name":"Kra\n');
  mkdirSync(join(folder, 'outbox.unreadable.jsonl'));
  await petstore.service.start();
  return folder;
}

/** A preview that logs nothing. */
export const quiet: NonNullable<PreviewOptions['logger']> = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** The next morning: a new preview on `folder` and the fixture's service, opened in a fresh context at 1024×640, both
 * closed once `story` ends. */
export async function nextMorning(
  { service, keychainService }: PetstoreApp,
  browser: Browser,
  folder: string,
  story: (morning: Page) => Promise<void>,
  logger = quiet,
): Promise<void> {
  const again = await startPreview({ dataDir: folder, petstoreUrl: service.url, keychainService, logger });
  const context = await browser.newContext();
  try {
    const morning = await context.newPage();
    await morning.setViewportSize({ width: 1024, height: 640 });
    await morning.goto(again.url);
    await story(morning);
  } finally {
    await context.close();
    await again.close();
  }
}
