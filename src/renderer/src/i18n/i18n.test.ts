import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchLanguage } from '../../../shared/views';
import { formatAge, formatDate } from '../lib/format';
import { compileCatalogue, shipped } from './compile';
import { formatMessage } from './format-message';
import { i18n, t } from './i18n.svelte';
import { LANGUAGES, TAGS, type Locale } from './locales';
import type { Catalogue, MessageId } from './messages/en';
import { de } from './messages/de';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';

const animals = (locale: Locale, count: number) => {
  i18n.choose(locale);
  return t('connection.waiting', { line: 'X', count });
};

/** Values to try for each argument of a message: each choice of a select, counts across every plural form. */
function choicesOf(elements: MessageFormatElement[], into: Record<string, Array<string | number>> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.select) into[element.value] = [...Object.keys(element.options), 'something else'];
    else if (element.type === TYPE.plural || element.type === TYPE.number)
      into[element.value] = [0, 1, 2, 3, 5, 11, 21, 100, 1234, 1_000_000];
    else into[element.value] ??= ['Zoé'];
    if ('options' in element) for (const option of Object.values(element.options)) choicesOf(option.value, into);
  }
  return into;
}

describe('languages', () => {
  afterEach(() => i18n.choose(null));

  it('uses ICU plural rules in each language', () => {
    expect(animals('en', 1)).toBe('X — 1 animal waiting to be sent');
    expect(animals('en', 2)).toBe('X — 2 animals waiting to be sent');
    expect(animals('de', 1)).toBe('X — 1 Tier wartet auf das Senden');
    expect(animals('de', 2)).toBe('X — 2 Tiere warten auf das Senden');
    // French counts 0 and 1 as singular; Spanish only 1.
    expect(animals('fr', 0)).toBe('X — 0 animal attend d’être envoyé');
    expect(animals('fr', 3)).toBe('X — 3 animaux attendent d’être envoyés');
    expect(animals('es', 1)).toBe('X — 1 animal espera su envío');
    expect(animals('es', 0)).toBe('X — 0 animales esperan su envío');
  });

  it('tells an offline lookup’s two times apart in German: the copy’s “Stand” and when the service failed', () => {
    i18n.choose('de');
    expect(t('lookup.savedCopy', { timed: 'yes', time: '09:14', why: 'unreachable', at: '09:20' })).toMatch(
      /^Kopie \(Stand: 09:14\) — der Dienst war um 09:20 nicht erreichbar, /,
    );
  });

  it('words every message of every language as intl-messageformat would, for each count and each choice', () => {
    const sources: Record<(typeof LANGUAGES)[number], Catalogue> = { en, de, fr, es };
    let worded = 0;
    for (const language of LANGUAGES) {
      for (const [id, text] of Object.entries(sources[language]) as Array<[MessageId, string]>) {
        const reference = new IntlMessageFormat(text, TAGS[language]);
        const choices = choicesOf(reference.getAst());
        const rounds = Math.max(1, ...Object.values(choices).map((values) => values.length));
        for (let round = 0; round < rounds; round += 1) {
          const values = Object.fromEntries(
            Object.entries(choices).map(([name, options]) => [name, options[round % options.length] ?? '']),
          );
          const expected = reference.format(values);
          expect(formatMessage(shipped(reference.getAst()), TAGS[language], values), `${language} ${id}`).toBe(
            expected,
          );
          if (round === 0 && Object.keys(values).length === 0) {
            i18n.choose(language);
            expect(t(id)).toBe(expected);
          }
          worded += 1;
        }
      }
    }
    expect(worded).toBeGreaterThan(4 * 300);
  });

  it('refuses at build time a message the renderer would not word (a date, a style, an ordinal, an offset)', () => {
    for (const text of [
      '{when, date}',
      '{n, number, percent}',
      '{n, selectordinal, other {#th}}',
      '{n, plural, offset:1 other {#}}',
      '<b>x</b>',
    ])
      expect(() => compileCatalogue({ ...en, 'common.close': text }, 'en'), text).toThrow(
        /^common\.close: the renderer does not word/,
      );
  });

  it('formats counts with the language’s digit grouping, and leaves ids as they are', () => {
    expect(animals('en', 1234)).toBe('X — 1,234 animals waiting to be sent');
    expect(animals('de', 1234)).toBe('X — 1.234 Tiere warten auf das Senden');
    i18n.choose('de');
    expect(t('categories.nameFor', { id: '9007199254740993' })).toBe('Name für Kategorie 9007199254740993');
  });

  it('follows the clerk’s choice, else the policy, else the system, else English', () => {
    i18n.start(['fr-CA', 'en']);
    expect(i18n.locale).toBe('fr');
    i18n.policy = 'es';
    expect(i18n.locale).toBe('es');
    i18n.choose('de');
    expect(i18n.locale).toBe('de');
    expect(t('connection.online')).toBe('Online');
    i18n.choose('pseudo');
    expect(t('connection.online')).toBe('[Ôñļîñé]');
    i18n.policy = undefined;
    expect(matchLanguage(['it-IT', 'pt'])).toBe('en');
    expect(matchLanguage(['de_AT'])).toBe('de');
  });

  it('writes dates and relative times in the language in use', () => {
    i18n.choose('de');
    expect(formatDate(new Date(2030, 11, 5))).toBe('5. Dezember 2030');
    expect(formatAge(3 * 60_000)).toBe('vor 3 Minuten');
    i18n.choose('es');
    expect(formatAge(2 * 86_400_000)).toBe('hace 2 días');
  });
});

describe('the first language', () => {
  // A start as the app makes it: no catalogue here yet (a fresh module, not the one the set-up filled with every
  // language), the system's fetched before the settings say which, the clerk's shown once they do.
  it('fetches the system’s language early, but shows no words until the clerk’s own is here', async () => {
    vi.resetModules();
    const fresh = await import('./i18n.svelte');
    const first = fresh.i18n;
    first.start(['en-GB']);
    first.prefetch();
    await vi.dynamicImportSettled();
    // English is here, but the settings have not said it is the clerk's: the app draws nothing yet.
    expect(first.ready).toBe(false);

    // The settings: the clerk chose German. The screen goes from nothing to German, never through English.
    first.choose('de');
    await first.load(first.wanted);
    expect(first.ready).toBe(true);
    expect(fresh.t('app.starting')).toBe('Wird gestartet…');
  });
});
