/**
 * Intl formatters, made once per language and options: making one costs far
 * more than using it, and the list re-renders its ages and dates with every answer.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** The value kept under `key`, made by `make` the first time it is asked for. */
export function madeOnce<F>(made: Map<string, F>, key: string, make: () => F): F {
  let format = made.get(key);
  if (format === undefined) {
    format = make();
    made.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  madeOnce(dateFormats, `${tag}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));

export const relativeTimeFormat = (tag: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat =>
  madeOnce(relativeFormats, `${tag}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(tag, options));
