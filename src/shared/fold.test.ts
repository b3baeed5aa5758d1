import { describe, expect, it } from 'vitest';
import { demoPets } from '../server/seed';
import { foldName, plainName, typedId, typedText } from './fold';

// The collator's root order (en), which the name sort follows and the search box must agree with.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

describe('one fold for the names a clerk types and reads', () => {
  it('folds case, accents and the letters a clerk types plainly', () => {
    expect(['  ZOË ', 'Ørjan', 'Straße', 'Łatka', 'Ærø', 'Œuvre', 'Đorđe', 'Ħamrun'].map(foldName)).toEqual([
      'zoe',
      'orjan',
      'strasse',
      'latka',
      'aero',
      'oeuvre',
      'dorde',
      'hamrun',
    ]);
    // A ligature and full-width letters (a Japanese keyboard's) are the plain letters too.
    expect(foldName('Ĳssel ﬁfi Ｒｅｘ')).toBe('ijssel fifi rex');
  });

  it('holds two names the same exactly when the collator at base level does (the demo shop’s names too)', () => {
    const names = [
      ...demoPets().map((pet) => pet.name),
      ...['Søren', 'Soren', 'Strasse', 'Łatka', 'Latka', 'Ærø', 'Aero', 'Œuvre', 'oeuvre', 'Zoe', 'Ежик'],
      ...['Ħamrun', 'Hamrun', 'Ĳssel', 'IJssel', 'Ｒｅｘ', 'rex', 'Senor Bigotes', 'Cupavko', 'Orjan'],
      // Letters of their own to the collator, not spelt out: þ is not "th", ı not "i".
      ...['Þór', 'Thor', 'Kılıç', 'Kilic'],
      // Apostrophes the collator holds the same; invisible marks it ignores.
      ...["O'Malley", 'O\u2019Malley', 'O\u2018Malley', 'Ne\u200bmo', '\u200eNemo', 'Nemo'],
    ];
    const disagree = names.flatMap((a) =>
      names.filter((b) => (collator.compare(a, b) === 0) !== (foldName(a) === foldName(b))).map((b) => `${a} / ${b}`),
    );
    expect(disagree).toEqual([]);
  });

  it('reads the apostrophes and dashes of a phone’s smart punctuation as a counter keyboard types them', () => {
    // Beyond the collator, which holds ʼ and ′ apart from ', and each dash apart from the others.
    for (const name of ['O\u2019Malley', 'O\u2018Malley', 'O\u02bcMalley', 'O\u2032Malley']) {
      expect(foldName(name), name).toBe("o'malley");
    }
    for (const dash of ['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212']) {
      expect(foldName(`Jean${dash}Luc`), dash).toBe('jean-luc');
    }
  });

  it('reads a run of spaces as the one the grid (HTML) shows', () => {
    expect(['Mr  Whiskers', 'Mr \u00a0\tWhiskers ', '  mr whiskers'].map(foldName)).toEqual([
      'mr whiskers',
      'mr whiskers',
      'mr whiskers',
    ]);
  });
});

describe('text a clerk pastes', () => {
  it('loses the invisible marks a chat, a web page or a spreadsheet puts around an id, then its spaces', () => {
    expect(['5\u200b', '\u200e5\u200e', ' \u2066 42\u2069 ', '\ufeff7', '12\u200b3'].map(typedText)).toEqual([
      '5',
      '5',
      '42',
      '7',
      '123',
    ]);
  });
});

describe('an id a clerk types or pastes', () => {
  it('is the same id in the digits of a Japanese or an Arabic keyboard, with leading zeros, or a paste’s marks', () => {
    const typed = ['４１', '٤١', '۴۱', '\u200e٤١\u200e', '０４１', '0041', '41'];
    expect(typed.map(typedId)).toEqual(typed.map(() => '41'));
    expect(['007', '000', '-007', '९', '12 345', 'abc', ''].map(typedId)).toEqual([
      '7',
      '0',
      '-7',
      '9',
      '12 345',
      'abc',
      '',
    ]);
  });

  it('keeps every digit of an id past 2^53 exactly, as text', () => {
    expect(typedId('９００７１９９２５４７４０９９３')).toBe('9007199254740993');
    expect(typedId('٩٢٢٣٣٧٢٠٣٦٨٥٤٧٧٥٨٠٨')).toBe('9223372036854775808');
  });
});

describe('a name as it is spelt (the check of an add in doubt)', () => {
  it('reads past case, composition, invisible marks, spaces, apostrophes and dashes, but not accents or spelt letters', () => {
    expect(plainName(' O\u2019Malley\u200b  Jean\u2013Luc ')).toBe("o'malley jean-luc");
    expect(plainName('Fe\u0301lix')).toBe(plainName('FÉLIX'));
    expect(['Félix', 'Zoë', 'Straße', 'Ørjan'].map(plainName)).toEqual(['félix', 'zoë', 'straße', 'ørjan']);
  });
});
