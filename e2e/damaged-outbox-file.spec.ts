import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { nextMorning, quiet, twoWaitingOvernight } from './support/overnight';

// Two animals wait to be sent when the counter is switched off; the next morning the file of waiting animals is found
// damaged (a disk fault wrote zeros over it). The app keeps the file aside and says a damaged part could not be read:
// it cannot know how many animals that part held, so it gives no count, and it does not say the others load.

test('a damaged file of waiting animals is not said to have held one animal when it held two', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const folder = await twoWaitingOvernight(petstore, ['Damaged Dora', 'Damaged Dieter']);
  const outbox = join(folder, 'outbox.jsonl');
  writeFileSync(outbox, '\u0000'.repeat(readFileSync(outbox).length));

  await nextMorning(
    petstore,
    browser,
    folder,
    async (morning) => {
      const notice = morning.getByText(/could not be read from the file of waiting animals/).first();
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expect(notice, 'no count the app cannot know').not.toContainText(/^A waiting animal/);
      await expect(notice, 'nothing loaded').not.toContainText('the other animals');
    },
    { ...quiet, error: console.error },
  );
});
