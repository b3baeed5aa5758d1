import { TYPE } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, CompiledMessage } from './compile';

// Letter by letter: each plain letter and its accented stand-in, at the same position.
const PLAIN = 'abcdeghijklnorstuwyzACDEGILNOSUYZ';
const ACCENTED = 'áƀçðéĝĥîĵķļñöŕšţûŵýžÅÇÐÉĜÎĻÑÔŠÛÝŽ';
const accent = (char: string): string => {
  const at = PLAIN.indexOf(char);
  return at < 0 ? char : (ACCENTED[at] ?? char);
};
const accented = (text: string): string => Array.from(text, accent).join('');

/** "[Ôñļîñé]" for "Online": plain text (no ICU arguments) as the pseudo-locale writes it. */
export const pseudoText = (text: string): string => `[${accented(text)}]`;

/** Every literal part accented, in plural and select branches and tags too; arguments left as they are. */
function accentedMessage(message: CompiledMessage): CompiledMessage {
  return message.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accented(element.value) };
    if ('options' in element) {
      const options = Object.entries(element.options).map(([key, option]) => [
        key,
        { ...option, value: accentedMessage(option.value) },
      ]);
      return { ...element, options: Object.fromEntries(options) as typeof element.options };
    }
    if ('children' in element) return { ...element, children: accentedMessage(element.children) };
    return element;
  });
}

/**
 * The pseudo-locale's catalogue, made from the parsed English one: every message in brackets with each
 * letter of its text accented ("[Ôñļîñé]"), so a screen text that is not from the catalogue stands out.
 */
export function pseudoCatalogue(en: CompiledCatalogue): CompiledCatalogue {
  const entries = Object.entries(en) as Array<[keyof CompiledCatalogue, CompiledMessage]>;
  const bracket = (text: string): CompiledMessage => [{ type: TYPE.literal, value: text }];
  return Object.fromEntries(
    entries.map(([id, message]) => [id, [...bracket('['), ...accentedMessage(message), ...bracket(']')]]),
  ) as CompiledCatalogue;
}
