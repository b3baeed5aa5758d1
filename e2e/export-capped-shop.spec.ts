import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { startLinklessService } from '../src/main/core/test-support/linkless-service';
import { configureEnvironment, screens } from './support/screens';

test.slow(); // A shop of 260 animals is filled over HTTP first.

test('a shop whose service lists at most 100 a status: the file of “Export the whole shop” says first, as the list does, that some animals may be missing', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  // 260 animals, 173 of them sold: a service without next links shows 100 of those.
  await service.fillTo(260, ['sold', 'sold', 'available']);
  const linkless = await startLinklessService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', linkless.url, service.apiKey);
    await ui.nav('Animals').click();
    const caveat = 'The service shows at most 100 animals per status, so some animals may be missing here.';
    await expect(page.getByText(caveat)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await ui.listAction('Export the whole shop (CSV)');
    const lines = (await readFile(await (await downloading).path(), 'utf8')).split('\r\n');
    // The caveat (quoted: it holds a comma), an empty line, then the table with its headings.
    expect(lines.slice(0, 3)).toEqual([`\uFEFF"${caveat}"`, '', 'Id,Name,Category,Category id,Status,Note']);
  } finally {
    await linkless.close();
  }
});
