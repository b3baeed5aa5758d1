import type { Locator, Page } from '@playwright/test';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { addInTurn } from './support/add-panel';
import { ANY, matching } from './support/catalogue-text';
import { startStricterService } from './support/stricter-service';
import { startTour } from './support/tour';

// A clerk adds animals one after another at the counter's 1024×640 (and larger): what became of each stays readable,
// a refusal is never lost behind the successes, and no notice lies over the add panel the clerk is typing into.

type Box = { left: number; right: number; top: number; bottom: number };
const meet = (one: Box, other: Box) =>
  one.left < other.right && other.left < one.right && one.top < other.bottom && other.top < one.bottom;

interface Shown {
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
  getBoundingClientRect(): { toJSON(): Box };
}

/** Which of `parts` (named by id or text) a notice in view lies over: none, for the clerk. */
async function covered(page: Page, parts: Locator): Promise<string[]> {
  const notices = await page
    .locator('.toasts > *')
    .evaluateAll((shown: Shown[]) =>
      shown
        .filter((notice) => notice.checkVisibility({ visibilityProperty: true }))
        .map((notice) => notice.getBoundingClientRect().toJSON()),
    );
  const boxes = await parts.evaluateAll((elements: (Shown & { id: string; textContent: string | null })[]) =>
    elements.map((element) => ({
      name: element.id || (element.textContent ?? '').trim().slice(0, 20),
      box: element.getBoundingClientRect().toJSON(),
    })),
  );
  return boxes.filter(({ box }) => notices.some((notice) => meet(notice, box))).map(({ name }) => name);
}

/** The add panel, its fields and its buttons. */
const panelParts = (panel: Locator) => panel.locator('xpath=self::*|.//input|.//select|.//button');

const NAMES = ['Ada vom Schwarzwaldhof', 'Bea aus dem Tierheim', 'Cid der Zweite'];

for (const [locale, size] of [
  ['de', { width: 1024, height: 640 }],
  ['fr', { width: 1024, height: 640 }],
  ['es', { width: 1024, height: 640 }],
  ['en', { width: 1366, height: 768 }],
] as const) {
  test(`three animals added in a row: each one’s notice is in view, and none lies over the add panel, in ${locale} at ${String(size.width)}×${String(size.height)}`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    const { say } = await startTour(petstore, locale);
    await page.setViewportSize(size);
    const panel = await addInTurn(page, say, NAMES);
    for (const name of NAMES) {
      await expect(page.getByText(matching(say('add.added', { name, id: ANY, environment: ANY })))).toBeInViewport();
    }
    expect(await covered(page, panelParts(panel)), 'the add panel’s parts under a notice').toEqual([]);
    await expect(panel.getByRole('button', { name: say('add.submit'), exact: true })).toBeInViewport({ ratio: 1 });
    // The row just added stays above the notices over the grid's foot: the rows move up.
    const added = page.getByRole('row').filter({ has: page.getByRole('cell', { name: NAMES[2], exact: true }) });
    const notices = page.locator('.toasts');
    await expect
      .poll(async () => {
        // While its notice is up: once the notices have gone, nothing covers the row anyway.
        if (!(await notices.getByText(NAMES[2] ?? '').isVisible())) return null;
        const [row, over] = [await added.boundingBox(), await notices.boundingBox()];
        return row && over ? over.y - (row.y + row.height) : null;
      }, 'the room between the row just added and the notices')
      .toBeGreaterThanOrEqual(0);
  });
}

test('four animals saved offline, then sent together: the newest three notices in view, the fourth counted and in the outbox drawer; the add panel stays clear (de, 1024×640)', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const { say, configure, nav, openOutbox } = await startTour(petstore, 'de');
  await service.stop();
  const names = [...NAMES, 'Dora'];
  const panel = await addInTurn(page, say, names);
  for (const name of names.slice(1)) await expect(page.getByText(say('add.savedQueued', { name }))).toBeInViewport();
  // The oldest is counted over the three ("+1"), not shown.
  await expect(page.getByText(say('add.savedQueued', { name: NAMES[0] ?? '' }))).toBeHidden();
  expect(await covered(page, panelParts(panel)), 'the add panel’s parts under a notice').toEqual([]);
  await petstore.snap('four animals waiting: three notices and “+1”, beside the add panel (de, 1024×640)');

  const before = service.url;
  const url = await service.start();
  if (url !== before) {
    await configure('demo', url, service.apiKey);
    await nav('animals');
  }
  // The outbox probes at least every 10 s while animals wait; then the four go at once.
  for (const name of names.slice(1)) {
    await expect(page.getByText(matching(say('add.sent', { name, id: ANY })))).toBeInViewport({ timeout: 15_000 });
  }
  expect(await covered(page, panelParts(panel)), 'the add panel’s parts under a notice').toEqual([]);
  await petstore.snap('four animals sent together: three notices and “+1” (de, 1024×640)');
  // The one counted is found where every sent animal is: the outbox drawer's "Sent".
  const drawer = await openOutbox();
  await expect(drawer.getByRole('list', { name: say('outbox.sent') })).toContainText(NAMES[0] ?? '');
});

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 1_500 } });

  test('a refusal said after the add panel closed stays above the successes that follow, until the clerk closes it (de, 1024×640)', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.replyDelay);
    const { page, service } = petstore;
    const { say, configure, nav } = await startTour(petstore, 'de');
    // This deployment refuses names that mention holidays, in its own words.
    const stricter = await startStricterService(service.url);
    try {
      await configure('demo', stricter.url, service.apiKey);
      await nav('animals');
      const panel = page.getByRole('region', { name: say('add.title') });
      await page.getByRole('button', { name: say('list.add'), exact: true }).click();
      await panel.getByLabel(say('add.name'), { exact: true }).fill('Holiday Hamster');
      await panel.getByLabel(say('add.category'), { exact: true }).fill('2');
      await panel.getByLabel(say('add.name'), { exact: true }).press('Enter');
      await panel.getByRole('button', { name: say('add.closeLabel'), exact: true }).click();
      const refused = page.locator('.toast.error').filter({ hasText: 'Names must not mention holidays here' });
      await expect(refused).toBeVisible();

      await page.getByRole('button', { name: say('list.add'), exact: true }).click();
      await addInTurn(page, say, NAMES);
      const newest = page.getByText(matching(say('add.added', { name: NAMES[2] ?? '', id: ANY, environment: ANY })));
      await expect(newest).toBeInViewport();
      await expect(refused).toBeInViewport();
      // Above the successes, in a card of its own.
      const [refusal, success] = [await refused.boundingBox(), await newest.boundingBox()];
      expect((refusal?.y ?? 0) + (refusal?.height ?? 0)).toBeLessThan(success?.y ?? 0);
      expect(await covered(page, panelParts(panel)), 'the add panel’s parts under a notice').toEqual([]);
      await petstore.snap('a refusal above three successes (de, 1024×640)');
      // The successes go by themselves; the refusal stays until closed.
      await expect(newest).toBeHidden({ timeout: 10_000 });
      await expect(refused).toBeVisible();
      await refused.getByRole('button', { name: say('common.close'), exact: true }).click();
      await expect(refused).toHaveCount(0);
    } finally {
      await stricter.close();
    }
  });
});

test('on Settings, names saved for three categories in a row: the notices leave the category fields and buttons clear (de, 1024×640)', async ({
  petstore,
}) => {
  const { page } = petstore;
  const { say, nav } = await startTour(petstore, 'de');
  await nav('settings');
  for (const [id, label] of [
    ['1', 'Hunde'],
    ['2', 'Katzen'],
    ['3', 'Vögel'],
  ] as const) {
    const field = page.getByLabel(say('categories.nameFor', { id }), { exact: true });
    await field.fill(label);
    await field.press('Enter');
    await expect(page.getByText(say('categories.saved', { label, id }))).toBeInViewport();
  }
  const categories = page.getByRole('region', {
    name: say('categories.title', { environment: say('environmentName.demo') }),
  });
  expect(
    await covered(page, categories.locator('input, button')),
    'category fields and buttons under a notice',
  ).toEqual([]);
});
