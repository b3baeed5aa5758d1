import { en, type Catalogue, type MessageId } from './messages/en';

// Letter by letter: each plain letter and its accented stand-in, at the same position.
const PLAIN = 'abcdeghijklnorstuwyzACDEGILNOSUYZ';
const ACCENTED = 'áƀçðéĝĥîĵķļñöŕšţûŵýžÅÇÐÉĜÎĻÑÔŠÛÝŽ';
const accent = (char: string): string => {
  const at = PLAIN.indexOf(char);
  return at < 0 ? char : (ACCENTED[at] ?? char);
};

/**
 * "[Ôñļîñé]" for "Online": every letter of the text accented, the message in
 * brackets, ICU arguments, plural keys and `#` left as they are. Text nests in
 * arguments (`{n, plural, one {text}}`), so a stack says whether a brace opens
 * an argument (in text) or a branch's text (in an argument).
 */
export function pseudoLocalize(message: string): string {
  const inside: Array<'text' | 'argument'> = ['text'];
  let out = '';
  for (const char of message) {
    const where = inside[inside.length - 1];
    if (char === '{') inside.push(where === 'text' ? 'argument' : 'text');
    else if (char === '}') inside.pop();
    out += where === 'text' && char !== '{' && char !== '}' ? accent(char) : char;
  }
  return `[${out}]`;
}

/** The pseudo-locale's catalogue, made from the English one. */
export function pseudoCatalogue(): Catalogue {
  const entries = Object.entries(en) as Array<[MessageId, string]>;
  return Object.fromEntries(entries.map(([id, text]) => [id, pseudoLocalize(text)])) as Catalogue;
}
