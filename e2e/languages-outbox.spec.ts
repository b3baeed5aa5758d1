import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { copyAge, withCopyAge } from './support/catalogue-text';
import { LOCALES, petData, startTour } from './support/tour';

// The add form's states, the list offline, animals waiting in the outbox, and sent once the service is back.
test.slow();

for (const locale of LOCALES) {
  test(`the add form, the list offline and the outbox in ${locale}`, async ({ petstore }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
    const { page, service } = petstore;
    const { say, nav, configure, showStatus, stop, openOutbox } = await startTour(petstore, locale);
    const rows = page.locator('table.pets tbody tr');
    await expect(rows.first()).toBeVisible();
    const shop = petData(await service.pets());

    // The form, empty, then each of its checks.
    await page.locator('#add-animal').click();
    const form = page.locator('section[aria-labelledby="add-title"]');
    const name = form.locator('#pet-name');
    const category = form.locator('#pet-category');
    await expect(form.locator('.counter')).toHaveText(say('add.counter', { count: '0', max: '200' }));
    await stop('add form, empty', shop);
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('#pet-name-message')).toHaveText(say('validate.nameRequired'));
    await expect(form.locator('#pet-category-message')).toHaveText(say('validate.categoryMissing'));
    await stop('add form, nothing filled in', shop);
    await category.fill('twelve');
    await name.fill('x'.repeat(203));
    await expect(form.locator('#pet-name-message')).toHaveText(say('add.tooLong', { max: '200', excess: '3' }));
    await expect(form.locator('#pet-category-message')).toHaveText(say('validate.categoryNotNumber'));
    await stop('add form, a name too long and a category that is not a number', shop);

    // An animal added.
    await name.fill('Clementine');
    await category.fill('7');
    await name.press('Enter');
    // Sent: its row has the service's id (a row "not sent yet" comes first, before the service holds it).
    const clementine = rows.filter({ has: page.getByRole('button', { name: 'Clementine', exact: true }) });
    await expect(clementine.locator('td').first()).toHaveText(/^\d+$/);
    const withClementine = petData(await service.pets());
    await stop('add form, an animal added', withClementine);

    // The service goes down: the copy of the shop, the header offline with the copy's age in sight.
    await service.stop();
    await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
    const badge = page.locator('.connection');
    await expect(badge).toHaveText(withCopyAge(say('connection.unreachable'), locale));
    await expect(badge.getByText(new RegExp(`^${copyAge(locale)}$`))).toBeVisible();
    await stop('animals offline, the copy of the shop', withClementine);

    // Two animals kept in the outbox.
    for (const queued of ['Ada', 'Bea']) {
      await name.fill(queued);
      await category.fill('4');
      await name.press('Enter');
      await expect(page.locator('.toast').filter({ hasText: say('add.savedQueued', { name: queued }) })).toHaveCount(1);
    }
    await expect(badge).toHaveText(withCopyAge(say('sync.waiting', { count: 2 }), locale));
    const outbox = await openOutbox();
    await expect(outbox.locator('li[data-state="queued"]')).toHaveCount(2);
    const queued = [...withClementine, 'Ada', 'Bea'];
    await stop('outbox, two animals waiting', queued, outbox);

    // Editing one, with a mistake.
    await outbox.getByRole('button', { name: say('outbox.editLabel', { name: 'Bea' }) }).click();
    const edit = outbox.getByRole('form', { name: say('outbox.change', { name: 'Bea' }) });
    await edit.getByLabel(say('outbox.name'), { exact: true }).fill('');
    await expect(edit).toContainText(say('validate.nameRequired'));
    await stop('outbox, editing a waiting animal', queued, outbox);
    await edit.getByRole('button', { name: say('outbox.cancel'), exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(outbox).toBeHidden();

    // Switching environment with animals waiting asks first, in the language in use.
    let warning = '';
    page.once('dialog', (dialog) => {
      warning = dialog.message();
      void dialog.dismiss();
    });
    await page.locator('#environment-switch').selectOption('staging');
    await expect(page.locator('#environment-switch')).toHaveValue('demo');
    expect(warning).toBe(say('header.unsentWarning', { count: 2 }));

    // Sold animals offline: the shop's catalogue on this computer has them all.
    await showStatus('sold');
    await stop('animals offline, the sold ones from the catalogue', queued);
    await showStatus('all');

    // The service is back: both are sent (the outbox tries at least every 10 s).
    const before = service.url;
    const url = await service.start();
    if (url !== before) {
      await configure('demo', url, service.apiKey);
      await nav('animals');
    }
    await openOutbox();
    const sent = outbox.getByRole('list', { name: say('outbox.sent'), exact: true });
    await expect(sent.locator('li', { hasText: 'Ada' })).toBeVisible({ timeout: 15_000 });
    await expect(sent.locator('li', { hasText: 'Bea' })).toBeVisible();
    await expect(outbox.locator('li[data-state="queued"]')).toHaveCount(0);
    await expect(page.locator('.connection')).toHaveText(say('connection.online'));
    await stop('outbox, both sent', petData(await service.pets()), outbox);
  });
}
