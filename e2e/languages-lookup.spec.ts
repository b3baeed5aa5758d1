import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { dateTag, type Locale } from './support/catalogue-text';
import { LOCALES, petData, startTour } from './support/tour';

// The deprecated lookup: its notice, its checks, an animal found or not, offline, and after its removal date.
test.slow();

/** Dates as the lookup writes them: Intl's words in the language, day first in English and the pseudo-locale. */
const removalDate = (locale: Locale) =>
  new Intl.DateTimeFormat(dateTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2030, 11, 5));
const APP_CLOCK = Date.parse('2030-12-06T09:00:00Z');

for (const locale of LOCALES) {
  test(`the lookup, online and offline, in ${locale}`, async ({ petstore }) => {
    const { page, service } = petstore;
    const { say, nav, stop } = await startTour(petstore, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
    const pets = await service.pets();
    const saved = pets[4];
    // The catalogue holds the whole shop: only an id the shop does not have is not found offline.
    const notSaved = '999999';
    if (!saved) throw new Error('The demo data is smaller than expected');
    const date = removalDate(locale);

    await nav('lookup');
    const lookup = page.locator('section[aria-labelledby="lookup-title"]');
    await expect(lookup.locator('#deprecation-title')).toContainText(date);
    await stop('lookup', [date]);
    const id = lookup.locator('#lookup-id');
    await lookup.locator('button[type="submit"]').click();
    await expect(lookup.locator('#lookup-id-message')).toHaveText(say('validate.idMissing'));
    await id.fill('12abc');
    await expect(lookup.locator('#lookup-id-message')).toHaveText(say('validate.notANumber'));
    await stop('lookup, an id that is not a number', [date]);

    await id.fill('424242');
    await id.press('Enter');
    await expect(lookup.getByRole('alert')).toContainText('424242');
    await stop('lookup, no animal with that id', [date, '424242']);
    await id.fill(saved.id);
    await id.press('Enter');
    await expect(lookup.locator('.pet-card')).toContainText(saved.name);
    await stop('lookup, an animal found', [date, ...petData([saved])]);

    // Offline: the catalogue on this computer answers, and says so.
    await service.stop();
    await id.fill(saved.id);
    await id.press('Enter');
    await expect(page.getByTestId('lookup-source')).toBeVisible();
    await stop('lookup offline, from the catalogue', [date, ...petData([saved])]);
    await id.fill(notSaved);
    await id.press('Enter');
    await expect(lookup.getByRole('alert')).toContainText(notSaved);
    await stop('lookup offline, an id the catalogue does not hold', [date, notSaved]);
  });
}

test.describe('after the lookup’s removal date', () => {
  test.use({ appClock: APP_CLOCK });

  for (const locale of LOCALES) {
    test(`the lookup answers from the catalogue on this computer, in ${locale}`, async ({ petstore }, testInfo) => {
      test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
      const { page, service } = petstore;
      const { say, nav, stop } = await startTour(petstore, locale);
      await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
      const saved = (await service.pets())[4];
      if (!saved) throw new Error('The demo data is smaller than expected');
      const date = removalDate(locale);

      await nav('lookup');
      const lookup = page.locator('section[aria-labelledby="lookup-title"]');
      await expect(lookup.locator('#deprecation-title')).toHaveText(say('lookup.removedOn', { date }));
      await stop('lookup after its removal date', [date]);
      await lookup.locator('#lookup-id').fill(saved.id);
      await lookup.locator('#lookup-id').press('Enter');
      await expect(page.getByTestId('lookup-source')).toBeVisible();
      // The copy is from another day than the browser's: its day is written by Intl too.
      const day = new Intl.DateTimeFormat(dateTag(locale), { day: 'numeric', month: 'long' }).format(APP_CLOCK);
      await stop('lookup after its removal date, an animal from the catalogue', [date, day, ...petData([saved])]);
    });
  }
});
