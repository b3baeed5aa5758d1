/** The counter's night and next morning, for the stories of an outbox file or a shop's copy found changed or damaged
 * at the start. */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, type PetstoreApp } from '../fixtures';
import { startPreview, type PreviewOptions } from '../preview/server';
import { speak, type Locale } from './catalogue-text';
import { onTheList, screens } from './screens';

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

/** The animals added and sent in the evening (`added`: Biscuit and Pepper unless told; the shop 40 before them), the
 * counter switched off; overnight the shop's saved copy is changed by `change` (damaged, or rewritten by a newer
 * version), and by morning the service is down. Returns the app's data folder. */
export async function copyChangedOvernight(
  petstore: PetstoreApp,
  change: (text: string) => string,
  added: readonly (readonly [string, string])[] = [
    ['Biscuit', 'Dogs'],
    ['Pepper', 'Cats'],
  ],
): Promise<string> {
  const { page, service, dataDir } = petstore;
  const ui = await onTheList(page);
  await expect(ui.summary()).toHaveText(/^40 animals/);
  for (const [name, category] of added) await ui.addAnimal(name, category);
  await page.keyboard.press('Escape');
  await expect(ui.summary()).toHaveText(new RegExp(`^${String(40 + added.length)} animals`));
  await expect(ui.connection()).toHaveText(/^Online/);
  await page.close();
  await petstore.preview?.close();

  const folder = join(dataDir, 'app');
  const [copy = ''] = readdirSync(folder).filter((name) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(name));
  writeFileSync(join(folder, copy), change(readFileSync(join(folder, copy), 'utf8')));
  await service.stop();
  return folder;
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

/** The next morning with the service down (`nextMorning`): `story` runs once the header says it cannot be reached. */
export function offlineMorning(
  petstore: PetstoreApp,
  browser: Browser,
  folder: string,
  story: (morning: Page) => Promise<void>,
): Promise<void> {
  return nextMorning(petstore, browser, folder, async (morning) => {
    await expect(screens(morning).connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
    await story(morning);
  });
}
