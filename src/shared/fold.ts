// How the app reads text a clerk types, pastes or reads: the search box, the lookup, the name sort, category names
// and the check of an add in doubt fold alike.

/**
 * Text as the clerk meant it: without the invisible format marks a paste from a chat, a web page or a spreadsheet
 * brings (zero-width space, left-to-right mark, soft hyphen: Unicode's Cf), and without surrounding spaces.
 */
export const typedText = (text: string): string => text.replace(/\p{Cf}/gu, '').trim();

// Latin letters Intl.Collator at base level counts as plain ones but that no decomposition takes apart (þ and ı
// are letters of their own to it, so they stay).
const SPELT: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', ħ: 'h' };

// A phone's smart punctuation as a counter keyboard types it: ’ ‘ ʼ ′ as ', the hyphens and dashes ‐ ‑ ‒ – — ― and
// the minus sign − as -.
const APOSTROPHES = /[\u2019\u2018\u02bc\u2032]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;

/**
 * A name as the clerk reads it: case, accents and a letter's other forms (ligatures, full-width letters) folded
 * away, and the letters above spelt out, so "Zoë", "Ørjan", "Straße" and "Ærø" are "zoe", "orjan", "strasse"
 * and "aero", as the collator at base level has them; invisible marks, which it ignores, are dropped. Runs of
 * spaces are one, as the grid (HTML) shows them, so "Mr  Whiskers" is found by the "mr whiskers" the clerk reads;
 * curly apostrophes and dashes are the straight ones, so "O’Malley" is found by "o'malley".
 */
export function foldName(text: string): string {
  return typedText(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðłħ]/g, (letter) => SPELT[letter] ?? letter)
    .replace(APOSTROPHES, "'")
    .replace(DASHES, '-')
    .replace(/\s+/g, ' ')
    .trim();
}
