import { IntlMessageFormat } from 'intl-messageformat';

type Elements = ReturnType<IntlMessageFormat['getAst']>;
// The parser's element type 0 is literal text; a plural's `#` has no value; every other element names an argument.
const LITERAL = 0;

function argumentsOf(elements: Elements, into: Set<string>): Set<string> {
  for (const element of elements) {
    const kind: number = element.type;
    if (kind !== LITERAL && 'value' in element) into.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if ('children' in element) argumentsOf(element.children, into);
  }
  return into;
}

/** The names of an ICU message's arguments (its text or parsed), plural and select branches included, sorted; throws on a malformed message. */
export const argumentNames = (message: string | Elements): string[] =>
  [...argumentsOf(new IntlMessageFormat(message, 'en').getAst(), new Set())].sort();
