/**
 * The add's answer and the events saying the same reach the page on separate connections in the preview: once the
 * screen says "Added Max", the header counts Max as sent, even while the events saying so are still on their way.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ANY, matching, speak, words } from './support/catalogue-text';
import { WINDOW_SIZES } from './support/looks';

/**
 * From the outbox event saying `name` was sent, the page's outbox and header events wait until `releaseEvents`:
 * the events stay in their order, only later than the add's answer.
 */
async function holdEventsOnceSent(page: Page, name: string): Promise<void> {
  // Plain script text: it runs in the page, before the preview's bridge opens its event stream.
  await page.addInitScript(`{
    const held = [];
    let holding = 'not yet';
    globalThis.heldEvents = () => held.length;
    globalThis.releaseEvents = () => {
      holding = 'released';
      for (const deliver of held.splice(0)) deliver();
    };
    const native = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (type, listener) {
      if (type !== 'onOutbox' && type !== 'onConnectivity') return native.call(this, type, listener);
      native.call(this, type, (event) => {
        const { items } = JSON.parse(event.data);
        const sent = items?.some(({ pet, state }) => pet.name === ${JSON.stringify(name)} && state === 'sent');
        if (sent && holding === 'not yet') holding = 'holding';
        if (holding === 'holding') held.push(() => listener(event));
        else listener(event);
      });
    };
  }`);
}

test('after "Added Max", the header counts nothing to send and switching environment asks nothing, before the outbox’s word arrives', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'the events are held in the preview’s event stream');
  const { page } = petstore;
  const say = words('de');
  await page.setViewportSize(WINDOW_SIZES[0]);
  await holdEventsOnceSent(page, 'Max');
  await speak(page, 'de');
  const badge = page.locator('.connection');
  await expect(badge).toHaveText(say('connection.online'));
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });

  await page.getByRole('button', { name: say('list.add'), exact: true }).click();
  await page.getByLabel(say('add.name'), { exact: true }).fill('Max');
  await page.getByLabel(say('add.category'), { exact: true }).fill('1');
  await page.getByLabel(say('add.name'), { exact: true }).press('Enter');
  const added = matching(say('add.added', { name: 'Max', id: ANY, environment: say('environmentName.demo') }));
  await expect(page.locator('.toast').filter({ hasText: added })).toBeVisible();

  // The events saying Max was sent are held: the answer alone must make the header agree with the toast.
  await expect.poll(() => page.evaluate('heldEvents()')).toBeGreaterThan(0);
  await expect(badge).toHaveText(say('connection.online'));
  await petstore.snap('header in German right after "Max hinzugefügt", the outbox’s events held');
  await page.getByLabel(say('header.environment'), { exact: true }).selectOption('production');
  await expect(page.getByTestId('environment-band')).toHaveText(say('header.chip.production'));
  expect(asked).toEqual([]);

  // When the held events come, older than the answer, nothing steps back.
  await page.evaluate('releaseEvents()');
  await page.getByLabel(say('header.environment'), { exact: true }).selectOption('demo');
  await expect(page.getByTestId('environment-band')).toHaveText(say('header.chip.demo'));
  await expect(badge).toHaveText(say('connection.online'));
  expect(asked).toEqual([]);
});
