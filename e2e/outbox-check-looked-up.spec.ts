import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { forward, passBack, startRelay, type Relay } from '../src/main/core/test-support/relay';
import { petData, startTour } from './support/tour';

// An add in doubt goes to the clerk's check while the service is down: the drawer cannot show the service's rows that
// may be it yet, so it says so, and "Send again" and "It was created" wait for them (a word given blind may make the
// animal twice). The service back, the rows come and both can be pressed.

for (const locale of ['en', 'de'] as const) {
  test(`an add in doubt is not sent again or confirmed blind while the service is down, in ${locale}`, async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
    const { page, service } = petstore;
    const { say, nav, configure, stop, openOutbox } = await startTour(petstore, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
    // A line that drops keys (a resend would be a second animal) and goes down as the first add reaches the service:
    // the add is created there, its answer lost.
    let first = true;
    const line: Relay = await startRelay(async (request, response) => {
      const answer = await forward(service.url, request);
      if (request.method === 'POST' && first) {
        first = false;
        return line.setDown(true);
      }
      passBack(response, answer);
    });
    const posts = () => line.requests.filter((request) => request.method === 'POST').length;
    try {
      await configure('demo', line.url, service.apiKey);
      await nav('animals');
      await page.getByRole('button', { name: say('list.add'), exact: true }).click();
      const form = page.getByRole('region', { name: say('add.title') });
      await form.getByLabel(say('add.name'), { exact: true }).fill('Raced');
      await form.getByLabel(say('add.category'), { exact: true }).fill('2');
      await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
      await expect(form.locator('.error-line')).toHaveText(say('add.needsCheck', { name: 'Raced' }));
      await page.keyboard.press('Escape');

      const drawer = await openOutbox();
      const raced = drawer.locator('li[data-check="needs_check"]');
      await expect(raced).toContainText(say('outbox.lookingUp'));
      // Nothing is listed under it yet: no word sends the clerk to compare it with a list that is not there.
      await expect(raced).not.toContainText(/below|unten/);
      const sendAgain = raced.getByRole('button', {
        name: say('outbox.actionLabel', { action: say('outbox.sendAgain'), name: 'Raced' }),
        exact: true,
      });
      const created = raced.getByRole('button', { name: say('outbox.confirmLabel', { name: 'Raced' }), exact: true });
      await expect(sendAgain).toBeDisabled();
      await expect(created).toBeDisabled();
      await expect(sendAgain).toHaveAccessibleDescription(say('outbox.lookingUp'));
      // Edit and Discard stay as they are.
      const edit = raced.getByRole('button', { name: say('outbox.editLabel', { name: 'Raced' }) });
      const discard = raced.getByRole('button', { name: say('outbox.discardLabel', { name: 'Raced' }) });
      await expect(edit).toBeEnabled();
      await expect(discard).toBeEnabled();
      const answers = [created, sendAgain, edit, discard];
      const tops = await Promise.all(answers.map(async (answer) => (await answer.boundingBox())?.y));
      expect(new Set(tops), 'the four answers on one row').toEqual(new Set([tops[0]]));
      await stop('outbox, an add in doubt whose rows are not looked up yet', petData(await service.pets()), raced);

      // Pressed all the same: nothing is sent, and the focus stays on the button.
      await sendAgain.focus();
      await page.keyboard.press('Enter');
      await created.focus();
      await page.keyboard.press('Enter');
      await expect(created).toBeFocused();
      await expect(raced).toHaveAttribute('data-check', 'needs_check');
      await expect(raced.getByRole('alert')).toHaveCount(0);
      expect(posts()).toBe(1);

      // The service back, the clerk refreshes: the check shows the Raced the first request made, and both answers
      // can be given.
      await page.keyboard.press('Escape');
      await line.setDown(false);
      await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
      await openOutbox();
      const made = (await service.pets()).filter((pet) => pet.name === 'Raced');
      expect(made).toHaveLength(1);
      const id = made[0]?.id ?? '';
      await expect(raced).toContainText(say('outbox.onService', { ids: say('outbox.serviceId', { id }) }), {
        timeout: 15_000,
      });
      await expect(raced).not.toContainText(say('outbox.lookingUp'));
      await stop('outbox, an add in doubt with the rows to compare it with', petData(await service.pets()), raced);
      await expect(sendAgain).toBeEnabled();
      await expect(created).toBeEnabled();
      await created.click();
      const sent = drawer.getByRole('list', { name: say('outbox.sent'), exact: true });
      await expect(sent.locator('li', { hasText: 'Raced' })).toContainText(say('outbox.sentId', { id }));
      expect(posts()).toBe(1);
      expect((await service.pets()).filter((pet) => pet.name === 'Raced')).toHaveLength(1);
    } finally {
      await line.close();
    }
  });
}
