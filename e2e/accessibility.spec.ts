import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './support/screens';

/** Serious and critical WCAG 2 A/AA findings on what is on screen now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('no serious or critical accessibility violation on any screen, light and dark', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const check = async (screen: string) => {
    await petstore.snap(screen);
    expect(await seriousViolations(page), screen).toEqual([]);
  };

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await ui.nav('Animals').click();
    await expect(ui.rows()).toHaveCount(20);
    await check(`animals list (${scheme})`);

    await ui.addButton().click();
    await ui.addForm().submit.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await check(`add form with messages (${scheme})`);
    await page.keyboard.press('Escape');

    await ui.nav('Look up by id').click();
    await page.getByLabel('Animal id').fill('1');
    await page.getByLabel('Animal id').press('Enter');
    await expect(page.locator('.pet-card')).toBeVisible();
    await check(`deprecated lookup (${scheme})`);

    await ui.nav('Settings').click();
    await check(`settings (${scheme})`);

    await ui.nav('Animals').click();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(`keyboard shortcuts (${scheme})`);
    await page.keyboard.press('Escape');
  }

  // Staging's band, the key prompt, the offline banner and the outbox.
  await ui.environment().selectOption('staging');
  await expect(page.getByRole('heading', { name: 'No API key for Staging yet' })).toBeVisible();
  await check('staging with no key (dark)');
  await ui.environment().selectOption('demo');
  await expect(ui.rows()).toHaveCount(20);
  await service.stop();
  await ui.refresh().click();
  await expect(ui.banner()).toHaveText(/^Offline/);
  await ui.addButton().click();
  await ui.addForm().name.fill('Axe');
  await ui.addForm().category.fill('1');
  await ui.addForm().name.press('Enter');
  await expect(ui.outbox()).toBeVisible();
  await check('offline with outbox (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await check('offline with outbox (light)');
});
