import { expect, type Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { de } from '../../src/renderer/src/i18n/messages/de';
import { compileCatalogue, type CompiledCatalogue } from '../../src/renderer/src/i18n/compile';
import { en, type MessageId } from '../../src/renderer/src/i18n/messages/en';
import { es } from '../../src/renderer/src/i18n/messages/es';
import { fr } from '../../src/renderer/src/i18n/messages/fr';
import {
  LANGUAGE_NAMES as NAME_OF,
  LANGUAGES,
  TAGS,
  dateTagOf,
  type Locale,
} from '../../src/renderer/src/i18n/locales';
import { pseudoCatalogue, pseudoText } from '../../src/renderer/src/i18n/pseudo';
import { escapeRegExp } from './screens';

/** The languages the screens are checked in: the pseudo-locale for the catalogue, the others for their length. */
export type { Locale };

// Parsed as the build parses them, the pseudo-locale's made from English the same way.
const compiledEn = compileCatalogue(en, TAGS.en);
const CATALOGUES: Record<Locale, CompiledCatalogue> = {
  en: compiledEn,
  de: compileCatalogue(de, TAGS.de),
  fr: compileCatalogue(fr, TAGS.fr),
  es: compileCatalogue(es, TAGS.es),
  pseudo: pseudoCatalogue(compiledEn),
};

/** The tag dates are written with in `locale`, by the renderer's own rule. */
export const dateTag = (locale: Locale): string => dateTagOf(TAGS[locale]);

/** Each language's name in itself, in the language setting whatever the language in use: data by design. */
export const LANGUAGE_NAMES = LANGUAGES.map((language) => NAME_OF[language]);

export type Say = (id: MessageId, values?: Record<string, string | number>) => string;

/** A message as the screens word it in `locale`: what a clerk reads there, so the specs find things by it. */
export const words =
  (locale: Locale): Say =>
  (id, values) =>
    String(new IntlMessageFormat(CATALOGUES[locale][id], TAGS[locale]).format(values));

/** A value not known ahead (a time, an id): `matching` lets it be any text. */
export const ANY = '\u0000';

/** A message with `ANY` in place of some values, as a pattern for the whole text. */
export const matching = (text: string): RegExp => new RegExp(`^${escapeRegExp(text).replaceAll(ANY, '.+?')}$`);

const DAY = '\u0001';
const TIME = '\u0002';

/**
 * A time as the screens write one (the copy's age, the lookup's copy, when an add was made), as a pattern: "09:14"
 * on its own day, "26 November, 23:59" after it, so a story that runs over midnight reads it all the same.
 * `at` pins the hour and minute (a pattern too).
 */
export const clock = (locale: Locale = 'en', at = '\\d\\d:\\d\\d'): string => {
  const dated = escapeRegExp(words(locale)('date.dayAndTime', { date: DAY, time: TIME }));
  return `(?:${at}|${dated.replace(DAY, '.+?').replace(TIME, at)})`;
};

/** How old the copy of the shop on screen is ("Copy from 09:14", "Copie du 26 novembre à 23:58"), as a pattern; `at`
 * as for `clock`. Its spaces may be no-break ones (the badge's detail keeps the age on one line). */
export const copyAge = (locale: Locale = 'en', at = '\\d\\d:\\d\\d'): string => {
  const today = escapeRegExp(words(locale)('sync.copyFrom', { time: TIME })).replace(TIME, at);
  const dated = escapeRegExp(words(locale)('sync.copyFromDay', { date: DAY, time: TIME }));
  return `(?:${today}|${dated.replace(DAY, '.+?').replace(TIME, at)})`.replaceAll(' ', '\\s');
};

/** The sync badge while the service does not answer: its words (`badge`), then how old the copy of the shop is. */
export const withCopyAge = (badge: string, locale: Locale = 'en'): RegExp =>
  new RegExp(`^${escapeRegExp(badge)} ${copyAge(locale)}$`);

/** Opens the app in `locale`, stored as Settings stores a choice, in the core's preferences (the pseudo-locale can only be set so). */
export async function speak(page: Page, locale: Locale): Promise<void> {
  await page.evaluate(`window.petstore.setPreferences({ preferences: { language: ${JSON.stringify(locale)} } })`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS[locale]);
}

// The letters the pseudo-locale accents: a word that still has one of them plain did not come from the catalogue.
const PLAIN = Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
  .filter((letter) => pseudoText(letter) !== `[${letter}]`)
  .join('');

/**
 * Over the whole document: every visible text node (a select's options
 * included, a datalist's left out), every aria-label, title, placeholder and
 * alt of a visible element, CSS-generated text and the document's title. Each
 * must be a whole pseudo message ("[…]") whose words are all accented, once
 * the listed data is taken out of it, or be listed data itself. Text with no
 * letter or digit ("?", "▲", "·") cannot be English and passes. Returns what
 * fails, each with where it was found and the plain words in it.
 */
const UNMARKED = (data: readonly string[]) => `((plain, data) => {
  const longestFirst = [...data].sort((a, b) => b.length - a.length);
  const found = [];
  const judge = (raw, where) => {
    const text = raw.replace(/\\s+/g, ' ').trim();
    if (!text || !/[\\p{L}\\p{N}]/u.test(text) || data.includes(text)) return;
    if (!/^\\[[^]*\\]$/.test(text)) return void found.push(where + text);
    let rest = text;
    for (const item of longestFirst) rest = rest.split(item).join(' ');
    const plainWords = (rest.match(/\\p{L}+/gu) ?? []).filter((word) => [...word].some((c) => plain.includes(c)));
    if (plainWords.length > 0) found.push(where + text + '  ← not from the catalogue: ' + plainWords.join(' '));
  };
  const shown = (element) => element.checkVisibility({ visibilityProperty: true });
  if (!document.title.trim()) found.push('document.title: (empty)');
  judge(document.title, 'document.title: ');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template, datalist')) continue;
    const select = parent.closest('select');
    if (select ? shown(select) : shown(parent)) judge(node.textContent, '');
  }
  const names = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder',
    'title', 'placeholder', 'alt'];
  for (const element of document.body.querySelectorAll('*')) {
    if (!shown(element)) continue;
    for (const name of names) {
      const value = element.getAttribute(name);
      if (value) judge(value, name + ': ');
    }
    if (element.matches('input:is([type=button], [type=submit], [type=reset])')) judge(element.value, 'value: ');
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(element, pseudo).content;
      if (content.startsWith('"')) judge(content.slice(1, -1), pseudo + ': ');
    }
  }
  return found;
})(${JSON.stringify(PLAIN)}, ${JSON.stringify(data)})`;

/**
 * Text cut short anywhere on screen: a visible box with text whose content is
 * wider than it (or taller, where it hides what overflows), the deepest such
 * box only; an empty field's placeholder or a select's chosen option wider
 * than the field; and a page that scrolls sideways. A text cut on purpose
 * with the whole of it in its tooltip (a long name in the grid) is not cut short.
 */
const CUT_SHORT = `(() => {
  const shown = (element) => element.checkVisibility({ visibilityProperty: true }) && !element.closest('.visually-hidden');
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (text, style) => {
    canvas.font = style.font;
    return canvas.measureText(text).width;
  };
  const inner = (element, style) =>
    element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const describe = (element, text) =>
    element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + ': ' + text.replace(/\\s+/g, ' ').trim().slice(0, 90);
  let checked = 0;
  const over = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!shown(element) || element.closest('script, style, datalist, option')) continue;
    const style = getComputedStyle(element);
    if (element.matches('input, textarea')) {
      if (!element.placeholder || element.value) continue;
      checked++;
      if (textWidth(element.placeholder, style) > inner(element, style) + 1) over.push({ element, text: element.placeholder });
      continue;
    }
    if (element.matches('select')) {
      const text = element.selectedOptions[0]?.textContent ?? '';
      checked++;
      // Chromium draws the select's arrow in about 20px at its end.
      if (textWidth(text, style) + 20 > inner(element, style) + 1) over.push({ element, text });
      continue;
    }
    if (element.clientWidth === 0 || !element.textContent.trim()) continue;
    // Cut on purpose, with the whole text in its tooltip (an animal's long name in the grid).
    if (element.closest('[title]')?.title === element.textContent.trim()) continue;
    checked++;
    const wide = element.scrollWidth > element.clientWidth + 1;
    const clipsHeight = ['hidden', 'clip'].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
    if (wide || clipsHeight) over.push({ element, text: element.textContent });
  }
  const cut = over
    .filter(({ element }) => !over.some((other) => other.element !== element && element.contains(other.element)))
    .map(({ element, text }) => describe(element, text));
  if (document.documentElement.scrollWidth > window.innerWidth) cut.push('the page scrolls sideways');
  return { checked, cut };
})()`;

/** Every text on screen comes from the catalogue, or is one of `data` (names, ids, the service's own words…). */
export async function expectAllMarked(page: Page, where: string, data: readonly string[] = []): Promise<void> {
  const unmarked = await page.evaluate<string[]>(UNMARKED(data));
  expect.soft(unmarked, `text not from the catalogue: ${where}`).toEqual([]);
}

/** Nothing on screen is cut short, and some texts were measured. */
export async function expectNothingCutShort(page: Page, where: string): Promise<void> {
  const { checked, cut } = await page.evaluate<{ checked: number; cut: string[] }>(CUT_SHORT);
  expect.soft(checked, `texts measured: ${where}`).toBeGreaterThan(10);
  expect.soft(cut, `texts cut short: ${where}`).toEqual([]);
}
