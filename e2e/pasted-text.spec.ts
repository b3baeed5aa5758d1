import { expect, test } from './fixtures';
import { screens } from './support/screens';

// Text a clerk pastes or reads off the screen, as it really arrives (found by review15).

// An id copied from a chat, a web page or a spreadsheet often carries an invisible mark: a zero-width space, or the
// left-to-right mark Windows and chat apps put around numbers. The clerk sees "5" in the box.
const PASTED = ['5\u200b', '\u200e5\u200e'];

test('an id pasted with an invisible mark around it is that id in the search box', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const nemo = (await service.allPets()).find((pet) => pet.id === '5');
  if (!nemo) throw new Error('the demo shop has an animal 5');
  await expect(ui.rows().first()).toBeVisible();
  for (const text of PASTED) {
    await ui.quickFilter().fill(text);
    await expect(ui.row(nemo.name), JSON.stringify(text)).toBeVisible();
  }
});

test('an id pasted with an invisible mark around it is looked up, not refused as “not a whole number”', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const nemo = (await service.allPets()).find((pet) => pet.id === '5');
  if (!nemo) throw new Error('the demo shop has an animal 5');
  await ui.nav('Look up by id').click();
  for (const text of PASTED) {
    await page.getByLabel('Animal id').fill(text);
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(page.locator('.pet-card'), JSON.stringify(text)).toContainText(nemo.name);
    // Not "Enter a whole number, like 42".
    await expect(page.locator('#lookup-id-message'), JSON.stringify(text)).toBeEmpty();
  }
  // A number grouped as a spreadsheet shows it, or two ids in a row: the clerk is told what is wrong with it.
  await page.getByLabel('Animal id').fill('12 345');
  await expect(page.locator('#lookup-id-message')).toHaveText(
    'An id has no spaces: type its digits together, like 12345',
  );
});

// Another counter (or an import) saved a name with two spaces; the grid, being HTML, shows one. The clerk types what
// the grid shows, and was told no animal matches.
test('a name saved with two spaces is found by the name the grid shows, with one', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await service.add({ name: 'Mr  Whiskers', categoryId: 2 });
  await ui.refresh().click();
  await ui.quickFilter().fill('whiskers');
  await expect(ui.rows()).toHaveCount(1);
  const shown = await ui.rows().first().locator('td:nth-child(2)').innerText();
  expect(shown, 'the grid shows one space').toBe('Mr Whiskers');

  await ui.quickFilter().fill(shown);
  await expect(ui.rows()).toHaveCount(1);
  await ui.quickFilter().fill('mr whisk');
  await expect(ui.rows()).toHaveCount(1);
});

// A name typed on a phone or a Mac gets a curly apostrophe (smart punctuation); a counter keyboard types a straight
// one. The clerk reads "O’Malley" in the grid, types "o'malley", and was told no animal matches.
test('a name saved with a curly apostrophe is found with the straight one a keyboard types', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await service.add({ name: 'O\u2019Malley', categoryId: 2 });
  await ui.refresh().click();
  await ui.quickFilter().fill('malley');
  await expect(ui.rows()).toHaveCount(1);

  await ui.quickFilter().fill("o'malley");
  await expect(ui.rows()).toHaveCount(1);
});

test('a category id pasted with an invisible mark, in another script’s digits or with leading zeros, is named in Settings as that id', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await ui.nav('Settings').click();
  const typed: [string, string][] = [
    ['9\u200b', '9'],
    ['\u200e10\u200e', '10'],
    ['٤١', '41'],
    ['０４２', '42'],
    ['0012', '12'],
  ];
  for (const [text, id] of typed) {
    await page.getByLabel('New category id').fill(text);
    await page.getByLabel('New category name').fill(`Axolotls ${id}`);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByLabel(`Name for category ${id}`), JSON.stringify(text)).toHaveValue(`Axolotls ${id}`);
  }
});
