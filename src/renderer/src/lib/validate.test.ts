import { describe, expect, it } from 'vitest';
import { BaseUrl } from '../../../shared/environments';
import { i18n } from '../i18n/i18n.svelte';
import { checkBaseUrl, checkCategoryLabel, checkNewPet, checkPetId } from './validate';

describe('the add form', () => {
  it('accepts a name and a category id, leaving the status to the service', () => {
    expect(checkNewPet({ name: 'Rex', categoryId: ' 12 ', status: '' })).toEqual({
      ok: true,
      value: { name: 'Rex', categoryId: '12' },
    });
    expect(checkNewPet({ name: 'Rex', categoryId: '\u200e12\u200e', status: '' })).toEqual({
      ok: true,
      value: { name: 'Rex', categoryId: '12' },
    });
  });

  it('keeps a category id beyond 2^53 exact', () => {
    const checked = checkNewPet({ name: 'Rex', categoryId: '9007199254740993', status: 'sold' });
    expect(checked).toEqual({ ok: true, value: { name: 'Rex', categoryId: '9007199254740993', status: 'sold' } });
  });

  it('says what is wrong with each field, in the shared schema’s words', () => {
    expect(checkNewPet({ name: '  ', categoryId: '', status: '' })).toEqual({
      ok: false,
      fields: { name: 'Name is required', categoryId: 'Choose a category, or type its id' },
    });
    // A paste of only a zero-width space and a right-to-left mark looks empty: asked for a name, not told it is long.
    expect(checkNewPet({ name: '\u200B\u200F', categoryId: '1', status: '' })).toEqual({
      ok: false,
      fields: { name: 'Name is required' },
    });
    // "Rex 🐶" pasted from a field that cut the dog in half: a broken character, not a name too long.
    expect(checkNewPet({ name: 'Rex \uD83D', categoryId: '1', status: '' })).toEqual({
      ok: false,
      fields: { name: 'The name has a broken character (half an emoji): type it again' },
    });
    expect(checkNewPet({ name: 'Rex', categoryId: '1.5', status: '' })).toEqual({
      ok: false,
      fields: { categoryId: 'Choose a category from the list, or type its id (a whole number)' },
    });
  });

  it('refuses category ids below 1 or too large, each in words, and sends names without surrounding spaces', () => {
    for (const categoryId of ['0', '-3']) {
      expect(checkNewPet({ name: 'Rex', categoryId, status: '' })).toMatchObject({ ok: false });
    }
    expect(checkNewPet({ name: 'Rex', categoryId: '0', status: '' })).toEqual({
      ok: false,
      fields: { categoryId: 'A category id is a whole number from 1, at most 19 digits long' },
    });
    // 19 digits, past the largest int64: too large, not too many digits.
    for (const categoryId of ['9999999999999999999', '9223372036854775808', '99999999999999999999']) {
      expect(checkNewPet({ name: 'Rex', categoryId, status: '' }), categoryId).toEqual({
        ok: false,
        fields: { categoryId: 'Too large for a category id: ids go up to 9223372036854775807' },
      });
    }
    expect(checkNewPet({ name: 'Rex', categoryId: '9223372036854775807', status: '' }).ok).toBe(true);
    // A Japanese or an Arabic keyboard's digits, and leading zeros, type the same id.
    for (const typed of ['４１', '٤١', '041'])
      expect(checkNewPet({ name: 'Rex', categoryId: typed, status: '' }), typed).toEqual({
        ok: true,
        value: { name: 'Rex', categoryId: '41' },
      });
    expect(checkNewPet({ name: 'Rex', categoryId: '007', status: '' })).toEqual({
      ok: true,
      value: { name: 'Rex', categoryId: '7' },
    });
    expect(checkNewPet({ name: 'Rex', categoryId: '000', status: '' }).ok).toBe(false);
    expect(checkNewPet({ name: '  Rex  ', categoryId: '2', status: '' })).toEqual({
      ok: true,
      value: { name: 'Rex', categoryId: '2' },
    });
  });
});

describe('the lookup id and the service address', () => {
  it('explain a bad id', () => {
    expect(checkPetId('')).toEqual({ ok: false, message: 'Enter an id, like 42' });
    expect(checkPetId('abc')).toEqual({ ok: false, message: 'Enter a whole number, like 42' });
    expect(checkPetId('9223372036854775807')).toEqual({ ok: true, value: '9223372036854775807' });
    // A printed barcode pads the id with zeros: the scan "000042" is animal 42, not an id too large.
    expect(checkPetId('000042')).toEqual({ ok: true, value: '42' });
    expect(checkPetId('0')).toEqual({ ok: true, value: '0' });
    expect(checkPetId('-007')).toEqual({ ok: true, value: '-7' });
    // Pasted from a chat or a spreadsheet with an invisible mark around it: the id the clerk sees.
    expect(checkPetId('5\u200b')).toEqual({ ok: true, value: '5' });
    expect(checkPetId('\u200e5\u200e')).toEqual({ ok: true, value: '5' });
    // From a Japanese keyboard (full-width) or an Arabic one: the same id, not "Enter a whole number".
    expect(checkPetId('４１')).toEqual({ ok: true, value: '41' });
    expect(checkPetId('٤١')).toEqual({ ok: true, value: '41' });
    expect(checkPetId('９２２３３７２０３６８５４７７５８０７')).toEqual({ ok: true, value: '9223372036854775807' });
    expect(checkPetId('９２２３３７２０３６８５４７７５８０８')).toEqual(checkPetId('9223372036854775808'));
    expect(checkPetId('\u200b')).toEqual({ ok: false, message: 'Enter an id, like 42' });
    // 19 digits, one past the largest int64: the clerk is told how large an id can be, not that 19 digits are too many.
    expect(checkPetId('9223372036854775808')).toEqual({
      ok: false,
      message: 'Too large for an id: ids go up to 9223372036854775807',
    });
    expect(checkPetId('99999999999999999999')).toEqual({
      ok: false,
      message: 'Too large for an id: ids go up to 9223372036854775807',
    });
    // Spaces inside: a grouped number or two ids typed in a row, the clerk is told to type the digits together.
    for (const text of ['12 345', '12\u00a0345', '12\u202f345', '12  3']) {
      expect(checkPetId(text), JSON.stringify(text)).toEqual({
        ok: false,
        message: 'An id has no spaces: type its digits together, like 12345',
      });
    }
    expect(checkPetId('12 abc')).toEqual({ ok: false, message: 'Enter a whole number, like 42' });
  });

  it('refuse plain http off this computer', () => {
    expect(checkBaseUrl('http://127.0.0.1:4010/v1/')).toEqual({ ok: true, value: 'http://127.0.0.1:4010/v1' });
    expect(checkBaseUrl('http://petstore.example.com/v1').ok).toBe(false);
  });

  it('word each way an address is wrong from the catalogue, the shared schema deciding which', () => {
    const wrong = {
      '': ['address_missing', 'Enter the service address'],
      'petstore.example.com': ['address_not_web', 'Not a web address: it starts with https:// and ends with /v1'],
      'ftp://petstore.example.com/v1': ['address_scheme', 'The address must start with https://'],
      'http://petstore.example.com/v1': [
        'address_plain_http',
        'Use https:// — plain http:// is allowed only for this computer (localhost)',
      ],
      'https://clerk:secret@petstore.example.com/v1': [
        'address_credentials',
        'The address must not contain a user name or password',
      ],
      'https://petstore.example.com/v1?shop=1': ['address_query', 'The address must not contain ? or #'],
      'https://petstore.example.com/v2': ['address_version', 'The address must end with /v1'],
    };
    for (const [text, [problem, message]] of Object.entries(wrong)) {
      // The schema names the problem; the catalogue words it.
      expect(BaseUrl.safeParse(text).error?.issues[0]?.message, text).toBe(problem);
      expect(checkBaseUrl(text), text).toEqual({ ok: false, message });
    }
    i18n.choose('pseudo');
    try {
      expect(checkBaseUrl('https://petstore.example.com/v2')).toEqual({
        ok: false,
        message: '[Tĥé áððŕéšš mûšţ éñð ŵîţĥ /v1]',
      });
    } finally {
      i18n.choose(null);
    }
  });
});

describe('a category name in Settings', () => {
  it('says what is wrong with the id or the name, in the catalogue’s words', () => {
    expect(checkCategoryLabel({ id: '7', label: 'Axolotls' })).toBeNull();
    expect(checkCategoryLabel({ id: '0', label: 'Axolotls' })?.()).toBe(
      'A category id is a whole number from 1, at most 19 digits long',
    );
    expect(checkCategoryLabel({ id: 'seven', label: 'Axolotls' })?.()).toBe(
      'A category id is a whole number from 1, at most 19 digits long',
    );
    expect(checkCategoryLabel({ id: '9999999999999999999', label: 'Axolotls' })?.()).toBe(
      'Too large for a category id: ids go up to 9223372036854775807',
    );
    expect(checkCategoryLabel({ id: '7', label: '  ' })?.()).toBe('Enter a name');
    expect(checkCategoryLabel({ id: '7', label: 'x'.repeat(61) })?.()).toBe('At most 60 characters');
  });

  it('refuses, as the core does, a name another id of the environment bears, whatever its case or accents', () => {
    const known = [
      { id: '2', label: 'Cats' },
      { id: '6', label: 'Small mammals' },
    ];
    expect(checkCategoryLabel({ id: '7', label: ' cäts ' }, known)?.()).toBe('Another category already has this name');
    expect(checkCategoryLabel({ id: '7', label: 'SMALL MAMMALS' }, known)?.()).toBe(
      'Another category already has this name',
    );
    // Renaming an id to its own name in other letters is no clash.
    expect(checkCategoryLabel({ id: '2', label: 'CATS' }, known)).toBeNull();
  });

  it('words its refusal as it is drawn: beside the name while the clerk switches to German, it reads in German', () => {
    const problem = checkCategoryLabel({ id: '7', label: 'Cats' }, [{ id: '2', label: 'Cats' }]);
    try {
      i18n.choose('de');
      expect(problem?.()).toBe('Eine andere Kategorie hat schon diesen Namen');
    } finally {
      i18n.choose(null);
    }
  });
});
