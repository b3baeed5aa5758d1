// How the app compares names a clerk types or reads: the search box, the name sort and category names fold alike.

// Latin letters Intl.Collator at base level counts as plain ones but that no decomposition takes apart (þ and ı
// are letters of their own to it, so they stay).
const SPELT: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', ħ: 'h' };

/**
 * A name as the clerk reads it: case, accents and a letter's other forms (ligatures, full-width letters) folded
 * away, and the letters above spelt out, so "Zoë", "Ørjan", "Straße" and "Ærø" are "zoe", "orjan", "strasse"
 * and "aero", as the collator at base level has them.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðłħ]/g, (letter) => SPELT[letter] ?? letter)
    .trim();
}
