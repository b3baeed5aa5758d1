import { expect, test } from './fixtures';
import { startTour } from './support/tour';

// A clerk in Settings names a new category and mistypes its id ("1.5", or an id already named). The app refuses, and
// says so under the id field, marked as the one to correct: the name is fine, and a screen reader hears the id's
// problem with the id.

for (const { id, why } of [
  { id: '1.5', why: 'not a whole number' },
  { id: '2', why: 'already named' },
]) {
  test(`a new category whose id is ${why} is refused beside the id field, not the name, in de`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    const { say, nav } = await startTour(petstore, 'de');
    await nav('settings');
    const newId = page.getByLabel(say('categories.newId'), { exact: true });
    const newName = page.getByLabel(say('categories.newName'), { exact: true });
    await newId.fill(id);
    await newName.fill('Halbaffen');
    await newName.press('Enter');
    await expect(
      page.locator('#new-category-id-message, #new-category-label-message').filter({ hasText: /./ }),
    ).toBeVisible();

    await expect(newId, 'the id the clerk must correct is marked').toHaveAttribute('aria-invalid', 'true');
    await expect(newName, 'the name is fine').not.toHaveAttribute('aria-invalid', 'true');
  });
}
