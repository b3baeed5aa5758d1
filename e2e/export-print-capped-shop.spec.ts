import { readFile } from 'node:fs/promises';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { startLinklessService } from '../src/main/core/test-support/linkless-service';
import { configureEnvironment, screens } from './support/screens';

test.slow(); // A shop of 260 animals is filled over HTTP first.

test('a shop whose service lists at most 100 a status: the file of “Export the whole shop” says first, and the paper of “Print the whole shop” says, as the list does, that some animals may be missing', async ({
  petstore,
}, testInfo) => {
  const { page, service } = petstore;
  const ui = screens(page);
  // 260 animals, 173 of them sold: a service without next links shows 100 of those.
  await service.fillTo(260, ['sold', 'sold', 'available']);
  const linkless = await startLinklessService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', linkless.url, service.apiKey);
    await ui.nav('Animals').click();
    const words = 'The service shows at most 100 animals per status, so some animals may be missing here.';
    const caveat = page.getByText(words);
    await expect(caveat).toBeVisible();

    await test.step('the exported file says it first', async (step) => {
      step.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
      const downloading = page.waitForEvent('download');
      await ui.listAction('Export the whole shop (CSV)');
      const lines = (await readFile(await (await downloading).path(), 'utf8')).split('\r\n');
      // The caveat (quoted: it holds a comma), an empty line, then the table with its headings.
      expect(lines.slice(0, 3)).toEqual([`\uFEFF"${words}"`, '', 'Id,Name,Category,Category id,Status,Note']);
    });

    await test.step('the paper says it under its heading', async () => {
      await page.evaluate('window.print = () => {}');
      await ui.listAction('Print the whole shop');
      await page.emulateMedia({ media: 'print' });
      const heading = page.getByTestId('print-header');
      await expect(heading).toContainText('the whole shop');
      // The paper says "the whole shop: 205 animals" under the same caveat as the screen.
      await expect(caveat).toBeVisible();
    });
  } finally {
    await linkless.close();
  }
});
