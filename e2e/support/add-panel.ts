import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { Say } from './catalogue-text';

/** Opens the add panel and adds each animal in turn, as a clerk does: a name, a category, Enter. */
export async function addInTurn(page: Page, say: Say, names: readonly string[]): Promise<Locator> {
  const panel = page.getByRole('region', { name: say('add.title') });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: say('list.add'), exact: true }).click();
  const name = panel.getByLabel(say('add.name'), { exact: true });
  for (const each of names) {
    await name.fill(each);
    await panel.getByLabel(say('add.category'), { exact: true }).fill('2');
    await name.press('Enter');
    await expect(name).toHaveValue('');
  }
  return panel;
}
