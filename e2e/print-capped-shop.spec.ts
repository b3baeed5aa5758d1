import { expect, test } from './fixtures';
import { startLinklessService } from '../src/main/core/test-support/linkless-service';
import { configureEnvironment, screens } from './support/screens';

test.slow(); // A shop of 260 animals is filled over HTTP first.

test('a shop whose service lists at most 100 a status: the paper of “Print the whole shop” says, as the list does, that some animals may be missing', async ({
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
    const caveat = page.getByText(
      'The service shows at most 100 animals per status, so some animals may be missing here.',
    );
    await expect(caveat).toBeVisible();

    await page.evaluate('window.print = () => {}');
    await ui.listAction('Print the whole shop');
    await page.emulateMedia({ media: 'print' });
    const heading = page.getByTestId('print-header');
    await expect(heading).toContainText('the whole shop');
    // The paper says "the whole shop: 205 animals" under the same caveat as the screen.
    await expect(caveat).toBeVisible();
  } finally {
    await linkless.close();
  }
});
