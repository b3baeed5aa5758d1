import { expect, test } from './fixtures';
import { withChangingShop } from './support/changing-shop';
import { screens } from './support/screens';

// The shop's gateway answers the list at once but lets the deprecated lookup hang. The clerk looks an animal up: after
// the wait the app answers from this computer's catalogue and says the service could not be reached. The clerk goes
// back to the list and works on. The app must not keep asking that lookup again by itself, each time waiting out the
// hanging request and turning the header to "Service unreachable" for the whole counter.
test('a lookup that timed out against a service whose list answers is not asked again and again in the background', async ({
  petstore,
}) => {
  test.setTimeout(120_000);
  const { page, service } = petstore;
  const ui = screens(page);
  const [pet] = (await service.allPets()).slice(5, 6);
  if (!pet) throw new Error('The demo shop has animals');
  await withChangingShop(page, service, async (relay) => {
    await expect(ui.row(pet.name)).toBeVisible();
    await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/ipc/lookupPet')) asked += 1;
    });

    relay.lookupDelayMs = 600_000;
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id', { exact: true });
    await id.fill(pet.id);
    await id.press('Enter');
    await expect(page.getByTestId('lookup-source')).toContainText(/reached/, { timeout: 30_000 });
    await ui.nav('Animals').click();

    // A minute at the list: the header's checks answer, the list answers. The header, read each second, meanwhile.
    const header: string[] = [];
    for (let second = 0; second < 60; second += 1) {
      header.push((await ui.connection().textContent()) ?? '');
      await page.waitForTimeout(1_000);
    }
    const outages = header.filter(
      (text, at) => /^Service unreachable/.test(text) && !/^Service unreachable/.test(header[at - 1] ?? ''),
    ).length;
    expect(asked, `lookups asked (the header went to "Service unreachable" ${outages} times)`).toBeLessThanOrEqual(2);
  });
});
