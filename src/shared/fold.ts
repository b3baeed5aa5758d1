// How the app reads text a clerk types, pastes or reads: the search box, the lookup, the name sort and category
// names fold alike (the sort keeps Spanish's ñ after n); the check of an add in doubt compares names more narrowly
// (`plainName`), and matches rows by one rule (`checkedAs`).

import { idFromDigits } from './int64';

/**
 * Text as the clerk meant it: without the invisible format marks a paste from a chat, a web page or a spreadsheet
 * brings (zero-width space, left-to-right mark, soft hyphen: Unicode's Cf), and without surrounding spaces.
 */
export const typedText = (text: string): string => text.replace(/\p{Cf}/gu, '').trim();

/**
 * A field that reads as empty: only spaces, invisible marks, or accents on no letter. One rule for an animal's name
 * and a category's, so neither is kept blank.
 */
export const nothingTyped = (text: string): boolean => foldName(text) === '';

/**
 * An id as typed or pasted: `typedText`, with digits of any script ("４１" from a Japanese keyboard, "٤١" from an
 * Arabic one) as the ASCII digits they are, and leading zeros dropped ("007" is 7). Unicode puts each script's digits
 * in runs of 0–9, so a digit's value is its distance from the start of its run.
 */
export const typedId = (text: string): string =>
  idFromDigits(
    typedText(text).replace(/(?![0-9])\p{Nd}/gu, (digit) => {
      const code = digit.codePointAt(0) ?? 0;
      let zero = code;
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      return String((code - zero) % 10);
    }),
  );

// Latin letters Intl.Collator at base level counts as plain ones but that no decomposition takes apart (þ and ı
// are letters of their own to it, so they stay).
const SPELT: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', ħ: 'h' };

// A phone's smart punctuation as a counter keyboard types it: ’ ‘ ʼ ′ as ', the hyphens and dashes ‐ ‑ ‒ – — ― and
// the minus sign − as -.
const APOSTROPHES = /[\u2019\u2018\u02bc\u2032]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;

/** Case, runs of spaces (one, as the grid (HTML) shows them) and curly apostrophes and dashes as the straight ones. */
const plain = (text: string): string =>
  text.toLowerCase().replace(APOSTROPHES, "'").replace(DASHES, '-').replace(/\s+/g, ' ').trim();

/**
 * A name as it is spelt, read past what a keyboard or a paste varies: invisible marks dropped, composed alike (NFC),
 * case, runs of spaces, and "O’Malley" as "o'malley"; but "Félix" is not "Felix" nor "Straße" "Strasse". Two animals
 * the clerk's check of an add in doubt offers as one must be one (another counter's "Felix" is not the lost "Félix").
 */
export const plainName = (text: string): string => plain(typedText(text).normalize('NFC'));

/** An animal as the check of an add in doubt matches rows: its category, and its name as `plainName` reads it. */
export const checkedAs = (pet: { name: string; categoryId: string }): string =>
  JSON.stringify([pet.categoryId, plainName(pet.name)]);

/**
 * A name as the clerk reads it, for finding and sorting: beyond `plainName`, accents and a letter's other forms
 * (ligatures, full-width letters) folded away, and the letters above spelt out, so "Zoë", "Ørjan", "Straße" and
 * "Ærø" are "zoe", "orjan", "strasse" and "aero", as the collator at base level has them.
 */
export function foldName(text: string): string {
  return plain(typedText(text).normalize('NFKD').replace(/\p{M}/gu, '')).replace(
    /[øæœßđðłħ]/g,
    (letter) => SPELT[letter] ?? letter,
  );
}
