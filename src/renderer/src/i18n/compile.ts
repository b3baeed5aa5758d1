import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { FORMATTED, type Choice, type Part } from './format-message';
import type { Catalogue, MessageId } from './messages/en';

/** A message parsed to its elements: what the renderer ships and words (`formatMessage`), so it needs no parser. */
export type CompiledMessage = MessageFormatElement[];
export type CompiledCatalogue = Record<MessageId, CompiledMessage>;
/** A catalogue as the renderer loads it: each message `shipped`. */
export type ShippedCatalogue = Record<MessageId, Part[]>;

/**
 * Every message of a catalogue parsed, by intl-messageformat's own parser as it would parse it in the app.
 * Run at build time (build/scripts/compiled-messages.ts) and by tests, never in the renderer; throws on a
 * malformed message, or one using what `formatMessage` does not word, so such a catalogue fails the build.
 */
export function compileCatalogue(catalogue: Catalogue, tag: string): CompiledCatalogue {
  const entries = Object.entries(catalogue) as Array<[MessageId, string]>;
  return Object.fromEntries(
    entries.map(([id, text]) => {
      const elements = new IntlMessageFormat(text, tag).getAst();
      const unworded = firstUnworded(elements);
      if (unworded) throw new Error(`${id}: the renderer does not word ${unworded} (format-message.ts)`);
      return [id, elements];
    }),
  ) as CompiledCatalogue;
}

/** A kind of element `formatMessage` does not word (a date, a tag, an ordinal, a style), found at any depth. */
function firstUnworded(elements: readonly MessageFormatElement[]): string | undefined {
  for (const element of elements) {
    if (!FORMATTED.has(element.type)) return `an element of kind ${TYPE[element.type]}`;
    if (element.type === TYPE.number && element.style) return 'a number style';
    if (element.type === TYPE.plural && element.pluralType !== 'cardinal') return `a ${element.pluralType} plural`;
    if (element.type === TYPE.plural && element.offset !== 0) return 'a plural offset';
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) {
        const inner = firstUnworded(option.value);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** A message as the renderer gets it (`Part`), its branches too; `compileCatalogue` refused what it would not word. */
export function shipped(elements: readonly MessageFormatElement[]): Part[] {
  return elements.map((element): Part => {
    if (element.type === TYPE.literal) return element.value;
    if (element.type !== TYPE.plural && element.type !== TYPE.select) return element as Part;
    const options = Object.entries(element.options).map(([key, option]) => [key, shipped(option.value)]);
    return { type: element.type, value: element.value, options: Object.fromEntries(options) as Choice['options'] };
  });
}

export function shipCatalogue(catalogue: CompiledCatalogue): ShippedCatalogue {
  const entries = Object.entries(catalogue).map(([id, message]) => [id, shipped(message)]);
  return Object.fromEntries(entries) as ShippedCatalogue;
}
