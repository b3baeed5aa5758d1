import { expect, test } from './fixtures';
import { tabTo } from './support/keyboard';
import { screens } from './support/screens';

test('every flow runs from the keyboard alone', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const keys = page.keyboard;
  const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
  await expect(ui.rows().first()).toBeVisible();

  // ? lists the shortcuts; Esc closes the list.
  await keys.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await petstore.snap('keyboard shortcuts');
  await keys.press('Escape');
  await expect(dialog).toBeHidden();

  // Ctrl+N: add two animals, Enter to submit, the name is ready for the next.
  await keys.press(`${mod}+n`);
  await expect(ui.addForm().name).toBeFocused();
  await keys.type('Keyboard Kit');
  await keys.press('Tab');
  await keys.type('5');
  await keys.press('Enter');
  await expect(ui.row('Keyboard Kit')).toBeVisible();
  await expect(ui.addForm().name).toBeFocused();
  await keys.type('Keyboard Kat');
  await keys.press('Tab');
  await keys.press('Tab');
  await keys.press('ArrowDown');
  await keys.press('ArrowDown');
  await keys.press('ArrowDown');
  await expect(ui.addForm().status).toHaveValue('sold');
  await keys.press('Tab');
  await expect(ui.addForm().submit).toBeFocused();
  await keys.press('Enter');
  await expect(ui.row('Keyboard Kat').locator('.badge')).toHaveText('Sold');
  await keys.press('Escape');
  await expect(ui.addButton()).toBeFocused();
  await expect(ui.addForm().name).toHaveCount(0);

  // Ctrl+4 / Ctrl+1: status filters; Ctrl+F: the quick filter.
  await keys.press(`${mod}+4`);
  await expect(ui.statusFilter('Sold')).toBeChecked();
  await expect(ui.row('Keyboard Kat')).toBeVisible();
  await expect(ui.badges().filter({ hasNotText: /^Sold$/ })).toHaveCount(0);
  await keys.press(`${mod}+1`);
  await expect(ui.statusFilter('All')).toBeChecked();
  await keys.press(`${mod}+f`);
  await expect(ui.quickFilter()).toBeFocused();
  await keys.type('keyboard');
  await expect(ui.rows()).toHaveCount(2);
  await keys.press(`${mod}+a`);
  await keys.press('Delete');
  await expect(ui.rows()).not.toHaveCount(2);

  // Ctrl+R: what another counter added shows up (sold animals are fewer than a page).
  await keys.press(`${mod}+4`);
  await expect(ui.statusFilter('Sold')).toBeChecked();
  await service.add({ name: 'Added elsewhere', categoryId: 1, status: 'sold' });
  await keys.press(`${mod}+r`);
  await expect(ui.row('Added elsewhere')).toBeVisible();

  // Ctrl+L: the deprecated lookup; Esc back to the list.
  const kit = (await service.pets()).find((pet) => pet.name === 'Keyboard Kit');
  await keys.press(`${mod}+l`);
  await expect(page.getByLabel('Animal id')).toBeFocused();
  await keys.type(kit?.id ?? '');
  await keys.press('Enter');
  await expect(page.locator('.pet-card')).toContainText('Keyboard Kit');
  await keys.press('Escape');
  await expect(page.getByRole('heading', { name: 'Animals' })).toBeFocused();

  // Tab order reaches Settings; the key can be replaced without a mouse.
  await tabTo(page, 'Settings');
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused();
  await tabTo(page, 'Administration');
  await keys.press('Enter');
  await tabTo(page, 'Test the stored key');
  await keys.press('Enter');
  await expect(page.getByText(/^Connected — the service answered in \d+ ms\.$/)).toBeVisible();
});

test('focus is always visible, on every stop of the tab order', async ({ petstore }) => {
  const { page } = petstore;
  await expect(screens(page).rows().first()).toBeVisible();
  const stops: string[] = [];
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    // Radio chips show the ring on their label.
    const stop = await page.evaluate<{ name: string; outline: string } | null>(`(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const ring = element.matches('.chip input') ? element.parentElement : element;
      return { name: element.tagName + ' ' + (element.textContent ?? '').trim(), outline: getComputedStyle(ring).outlineStyle };
    })()`);
    if (stop === null) break;
    expect(stop.outline, `focus ring on ${stop.name}`).not.toBe('none');
    stops.push(stop.name);
  }
  expect(stops.length).toBeGreaterThan(8);
});
