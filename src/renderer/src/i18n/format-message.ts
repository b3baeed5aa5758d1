import { TYPE, type ArgumentElement, type NumberElement, type PoundElement } from '@formatjs/icu-messageformat-parser';
import { madeOnce } from './intl-formats';

/**
 * Words a message parsed at build time by intl-messageformat's parser, as intl-messageformat would: the few kinds
 * of element our catalogues use, so the renderer ships none of its runtime (2.1 KB gzip of the 60 KB budget).
 * The build refuses any other kind (`compileCatalogue`), and a test words every message of every language both
 * ways.
 */
export type Values = Record<string, string | number>;

/**
 * A parsed message's part as the build ships it (`shipped`): text as a plain string, and a plural or select with
 * only what wording needs (the parser's wrappers around each text and branch were about 0.25 KB gzip a language).
 */
export type Part = string | ArgumentElement | NumberElement | PoundElement | Choice;
/** `{x, plural, …}` or `{x, select, …}`: each branch's parts by its key ("one", "=0", "other"). */
export interface Choice {
  type: TYPE.plural | TYPE.select;
  value: string;
  options: Record<string, Part[]>;
}

/** The kinds of element `formatMessage` words: text, `{x}`, `{x, number}`, `{x, select, …}`, `{x, plural, …}`, `#`. */
export const FORMATTED: ReadonlySet<TYPE> = new Set([
  TYPE.literal,
  TYPE.argument,
  TYPE.number,
  TYPE.select,
  TYPE.plural,
  TYPE.pound,
]);

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

export function formatMessage(elements: readonly Part[], tag: string, values: Values = {}, pound?: number): string {
  let text = '';
  for (const element of elements) {
    if (typeof element === 'string') text += element;
    else if (element.type === TYPE.pound) {
      if (pound !== undefined) text += number(tag, pound);
    } else {
      const value = values[element.value];
      if (value === undefined) throw new Error(`No value for ${element.value}`);
      if (element.type === TYPE.argument) text += String(value);
      else if (element.type === TYPE.number) text += number(tag, Number(value));
      else if (element.type === TYPE.select) text += formatMessage(pick(element.options, String(value)), tag, values);
      else {
        const count = Number(value);
        const rules = madeOnce(pluralRules, tag, () => new Intl.PluralRules(tag));
        const chosen = element.options[`=${String(value)}`] ?? pick(element.options, rules.select(count));
        text += formatMessage(chosen, tag, values, count);
      }
    }
  }
  return text;
}

const number = (tag: string, value: number) =>
  madeOnce(numberFormats, tag, () => new Intl.NumberFormat(tag)).format(value);

function pick(options: Record<string, Part[]>, key: string): Part[] {
  const option = Object.hasOwn(options, key) ? options[key] : options.other;
  if (!option) throw new Error(`No option ${key}`);
  return option;
}
