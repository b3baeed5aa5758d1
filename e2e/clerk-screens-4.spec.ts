import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { speak, words, type Locale } from './support/catalogue-text';
import { onTheList, screens } from './support/screens';

// The fourth round of what a clerk tripped over, at the usual counter's 1024×640 and mostly in German.

const de = words('de');

/** What the measure reads of an element (the e2e project has no DOM types). */
interface Measured {
  clientHeight: number;
  ownerDocument: {
    defaultView: {
      getComputedStyle(node: Measured): { paddingTop: string; paddingBottom: string; lineHeight: string };
    } | null;
  };
}

/** What the measure reads of a cell and its badge (the e2e project has no DOM types). */
interface Boxed {
  clientWidth: number;
  textContent: string | null;
  querySelector(selector: string): Boxed | null;
  ownerDocument: {
    defaultView: { getComputedStyle(node: Boxed): { font: string; paddingLeft: string; paddingRight: string } } | null;
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } | null;
    };
  };
}

/** How far, in px, a cell's badge is wider than the cell's room: its words measured in its font, and its padding. */
const badgeOver = (cell: Locator): Promise<number> =>
  cell.evaluate((node: Boxed) => {
    const badge = node.querySelector('.badge');
    const view = node.ownerDocument.defaultView;
    const pen = node.ownerDocument.createElement('canvas').getContext('2d');
    if (!badge || !view || !pen) throw new Error('Nothing to measure');
    const [own, room] = [view.getComputedStyle(badge), view.getComputedStyle(node)];
    pen.font = own.font;
    const wide =
      pen.measureText(badge.textContent ?? '').width + parseFloat(own.paddingLeft) + parseFloat(own.paddingRight);
    return Math.ceil(wide - (node.clientWidth - parseFloat(room.paddingLeft) - parseFloat(room.paddingRight)));
  });

/** How many lines of text the element is tall: its height inside its padding over its line height. */
const linesOf = (element: Locator): Promise<number> =>
  element.evaluate((node: Measured) => {
    const style = node.ownerDocument.defaultView?.getComputedStyle(node);
    if (!style) throw new Error('No window to measure in');
    const inside = node.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(inside / parseFloat(style.lineHeight));
  });

/** Opens the app at 1024×640 in `locale`, its first rows drawn. */
async function atTheCounter(page: Page, locale: Locale): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 640 });
  await speak(page, locale);
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
}

/** At the German counter, on the Settings screen. */
async function germanSettings(page: Page): Promise<void> {
  await atTheCounter(page, 'de');
  await page
    .getByRole('navigation', { name: de('nav.label') })
    .getByRole('button', { name: de('nav.settings') })
    .click();
}

/** The German add form: opens it, and adds `name` in category 1 with `status` (the service's default if none). */
async function addInGerman(page: Page, name: string, status?: string): Promise<void> {
  const form = page.getByRole('region', { name: de('add.title') });
  if (!(await form.isVisible())) await page.getByRole('button', { name: de('list.add'), exact: true }).click();
  await form.getByLabel(de('add.name'), { exact: true }).fill(name);
  await form.getByLabel(de('add.category'), { exact: true }).fill('1');
  await form
    .getByLabel(de('add.status'), { exact: true })
    .selectOption({ label: status ?? de('add.statusServiceDecides') });
  await form.getByLabel(de('add.name'), { exact: true }).press('Enter');
  await expect(form.getByLabel(de('add.name'), { exact: true })).toHaveValue('');
}

/** At the German counter with the service gone, `animals` added (name, and status if not the service's): waiting. */
async function waitingInGerman(
  { page, service }: { page: Page; service: { stop(): Promise<void> } },
  ...animals: [name: string, status?: string][]
): Promise<void> {
  await atTheCounter(page, 'de');
  await service.stop();
  for (const [name, status] of animals) await addInGerman(page, name, status);
  await page.keyboard.press('Escape');
}

const germanDrawer = async (page: Page): Promise<Locator> => {
  await page.locator('.connection').click();
  const drawer = page.getByRole('dialog', { name: de('outbox.title') });
  await drawer.waitFor();
  return drawer;
};

test('a 200-letter name saved offline: the toast says the whole message, the name wrapped inside the window', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  await atTheCounter(page, 'de');
  await service.stop();
  // Of the widest letter: a name of x's fits more to a line.
  const long = `Unbroken${'W'.repeat(192)}`;
  await addInGerman(page, long);
  const toast = page.locator('.toasts .toast').filter({ hasText: long });
  // What the eye reads is the whole message, nothing cut (it was cut after 24 letters, "…" for the rest).
  await expect(toast).toHaveText(de('add.savedQueued', { name: long }));
  const box = await toast.boundingBox();
  if (!box) throw new Error('The toast is not drawn');
  expect(box.y, 'the toast’s top is inside the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the toast’s end is inside the window').toBeLessThanOrEqual(1024);
  await petstore.snap('a 200-letter name saved offline, de (1024×640)');
});

test('an animal waiting without a status says “Dienstvorgabe” everywhere, as the add form does, and the drawer shows the status the clerk chose', async ({
  petstore,
}) => {
  const { page } = petstore;
  await waitingInGerman(petstore, ['Waldi'], ['Bello', de('badge.pending')]);

  const row = (name: string) =>
    page.locator('table.pets tbody tr').filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(row('Waldi').locator('.badge')).toHaveText('Dienstvorgabe');
  const cell = row('Waldi').locator('td').last();
  expect(await badgeOver(cell), 'the badge cut short, px').toBeLessThanOrEqual(0);
  await expect(row('Bello').locator('.badge')).toHaveText(de('badge.pending'));
  // The row's details say it the same way.
  await row('Waldi').getByRole('button', { name: 'Waldi', exact: true }).click();
  await expect(page.locator('aside[aria-labelledby="pet-detail-title"] .badge')).toHaveText('Dienstvorgabe');

  const drawer = await germanDrawer(page);
  const item = (name: string) => drawer.getByRole('listitem').filter({ hasText: name });
  await expect(item('Waldi').locator('.badge')).toHaveText('Dienstvorgabe');
  await expect(item('Bello').locator('.badge')).toHaveText(de('badge.pending'));
  // How often it was tried, in words a German reads: not "3 Mal versucht".
  await expect(item('Waldi').locator('.state')).toHaveText(/^Wartet auf das Senden( — bisher \d+ Versuche?)?$/);
  await expect(drawer).not.toContainText('Mal versucht');
  await petstore.snap('the outbox drawer with two animals waiting, de (1024×640)');
});

test('the exported list writes each status as the list shows it: “Dienstvorgabe” for one waiting without a status', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  const { page } = petstore;
  await waitingInGerman(petstore, ['Waldi'], ['Bello', de('badge.pending')]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: de('list.moreActions'), exact: true }).click();
  await page.getByRole('button', { name: de('list.exportView'), exact: true }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const { data } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, delimiter: ';' });
  const status = (name: string) => data.find((row) => row[1] === name)?.[4];
  // As the row's badge says it: the cell was empty.
  expect([status('Waldi'), status('Bello')]).toEqual(['Dienstvorgabe', de('badge.pending')]);
  await petstore.snap('the list exported with an animal waiting without a status, de (1024×640)');
});

test('the drawer with every animal sent says nothing is waiting, under its title', async ({ petstore }) => {
  const { page, service } = petstore;
  await waitingInGerman(petstore, ['Waldi']);
  const drawer = await germanDrawer(page);
  await expect(drawer.getByText(de('outbox.nothingWaiting'))).toHaveCount(0);
  await service.start();
  await expect(drawer.locator('li[data-state="sent"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(drawer.getByText(de('outbox.nothingWaiting'))).toBeVisible();
  await expect(drawer.getByRole('button', { name: de('outbox.sendNow') })).toHaveCount(0);
});

test('an animal leaving the drawer’s waiting list takes no focus with it: on to the next, then to the title', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  await waitingInGerman(petstore, ['Waldi'], ['Bello']);
  const drawer = await germanDrawer(page);
  const item = (name: string) => drawer.getByRole('listitem').filter({ hasText: name });

  // Discarded: the focus goes on to Bello, the next one waiting. The outbox keeps trying while the service is away,
  // and a "Yes" pressed during a try waits for it.
  await drawer.getByRole('button', { name: de('outbox.discardLabel', { name: 'Waldi' }) }).click();
  await drawer.getByRole('button', { name: de('outbox.discardYesLabel', { name: 'Waldi' }) }).click();
  await expect(item('Waldi')).toHaveCount(0, { timeout: 10_000 });
  const sendBello = drawer.getByRole('button', {
    name: de('outbox.actionLabel', { action: de('outbox.sendNow'), name: 'Bello' }),
  });
  await expect(sendBello).toBeFocused();

  // Sent by itself once the service is back, with the clerk on its Edit: the focus goes to the drawer's title.
  await drawer.getByRole('button', { name: de('outbox.editLabel', { name: 'Bello' }) }).focus();
  await service.start();
  await expect(drawer.locator('li[data-state="sent"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(drawer.getByRole('heading', { name: de('outbox.title') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: de('common.close') })).toBeFocused();
});

for (const locale of ['de', 'fr', 'es'] as const) {
  test(`the add form’s heading is one line beside Close at 1024 px, and a waiting animal’s buttons one row, in ${locale}`, async ({
    petstore,
  }) => {
    const { page, service } = petstore;
    const say = words(locale);
    await atTheCounter(page, locale);
    await page.getByRole('button', { name: say('list.add'), exact: true }).click();
    const heading = page.getByRole('heading', { name: say('add.title'), exact: true });
    await expect(heading).toBeVisible();
    expect(await linesOf(heading), 'lines of the heading').toBe(1);

    await service.stop();
    const form = page.getByRole('region', { name: say('add.title') });
    await form.getByLabel(say('add.name'), { exact: true }).fill('Waldi');
    await form.getByLabel(say('add.category'), { exact: true }).fill('1');
    await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
    await page.keyboard.press('Escape');
    await page.locator('.connection').click();
    const drawer = page.getByRole('dialog', { name: say('outbox.title') });
    const send = drawer.getByRole('button', {
      name: say('outbox.actionLabel', { action: say('outbox.sendNow'), name: 'Waldi' }),
    });
    const discard = drawer.getByRole('button', { name: say('outbox.discardLabel', { name: 'Waldi' }) });
    await expect(discard).toBeVisible();
    expect(
      (await discard.boundingBox())?.y,
      `“${say('outbox.discard')}” on the row of “${say('outbox.sendNow')}”`,
    ).toBe((await send.boundingBox())?.y);
  });
}

test('Settings lists each category on one line, its field still named for a screen reader', async ({ petstore }) => {
  const { page } = petstore;
  await germanSettings(page);
  const dogs = page.getByLabel(de('categories.nameFor', { id: '1' }), { exact: true });
  await expect(dogs).toHaveValue('Dogs');
  const rows = page.locator('section[aria-labelledby="categories-title"] li');
  expect(await rows.count()).toBeGreaterThan(3);
  // One field's height (about 34 px), where a label above and an empty message line below made 84.
  for (const row of await rows.all())
    expect((await row.boundingBox())?.height, 'a category’s row, px').toBeLessThanOrEqual(44);

  // A refusal still shows under its row.
  await dogs.fill('');
  await dogs.press('Enter');
  await expect(dogs).toHaveAttribute('aria-invalid', 'true');
  await petstore.snap('Settings, de (1024×640)');
});

test.describe('with the service slow to answer an add', () => {
  test.use({ replyDelayMs: { createPet: 1_500 } });

  test('the next name typed while an add is on its way is kept, and Enter on it adds it too: nothing the clerk typed is lost', async ({
    petstore,
  }) => {
    const { page } = petstore;
    const ui = await onTheList(page);
    const form = await ui.openAddForm();
    await form.category.fill('1');
    await form.name.fill('Quokka one');
    await form.name.press('Enter');
    const adding = page.getByRole('button', { name: 'Adding…', exact: true });
    await expect(adding).toBeVisible();
    // Typed while the first is on its way: still there once it has been added.
    await form.name.fill('Quokka two');
    await expect(form.submit).toBeVisible();
    await expect(ui.row('Quokka one')).toHaveCount(1);
    await expect(form.name).toHaveValue('Quokka two');

    // Enter on the next name while an add is on its way: it is added right after.
    await form.name.press('Enter');
    await expect(adding).toBeVisible();
    await form.name.fill('Quokka three');
    await form.name.press('Enter');
    for (const name of ['Quokka two', 'Quokka three']) await expect(ui.row(name)).toHaveCount(1);
    await expect(form.name).toHaveValue('');
  });
});

test('a category’s name removed from the keyboard: the focus goes on to the next name, or to the one before for the last', async ({
  petstore,
}) => {
  const { page } = petstore;
  await germanSettings(page);
  const nameOf = (id: string) => page.getByLabel(de('categories.nameFor', { id }), { exact: true });
  const remove = (id: string) => page.getByRole('button', { name: de('categories.removeLabel', { id }), exact: true });
  await remove('2').focus();
  await page.keyboard.press('Enter');
  await expect(nameOf('2')).toHaveCount(0);
  await expect(nameOf('3')).toBeFocused();

  const ids = await page.locator('section[aria-labelledby="categories-title"] li .id').allTextContents();
  const last = ids.at(-1) ?? '';
  await remove(last).focus();
  await page.keyboard.press('Enter');
  await expect(nameOf(last)).toHaveCount(0);
  await expect(nameOf(ids.at(-2) ?? '')).toBeFocused();
});

test('back from Settings or the lookup, the grid is where the clerk left it among 263 animals', async ({
  petstore,
}) => {
  test.slow(); // The shop is filled over HTTP first.
  const { page, service } = petstore;
  const ui = screens(page);
  await service.fillTo(263);
  await page.setViewportSize({ width: 1024, height: 640 });
  await ui.refresh().click();
  await expect(ui.summary()).toHaveText(/^263 animals/);
  // The clerk goes down the list with the keyboard, to its foot.
  await ui.rows().first().getByRole('button').focus();
  await page.keyboard.press('End');
  const kept = ui.row('Shop animal 263');
  await expect(kept).toBeInViewport();

  await ui.nav('Settings').click();
  await ui.nav('Animals').click();
  await expect(kept).toBeInViewport();

  await ui.nav('Look up by id').click();
  await page.keyboard.press('Escape');
  await expect(ui.nav('Animals')).toHaveAttribute('aria-current', 'page');
  await expect(kept).toBeInViewport();
  await expect(ui.row('Biscuit')).toHaveCount(0);
});
