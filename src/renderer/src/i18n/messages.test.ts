import { TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { argumentNames } from '../../../shared/test-support/icu-arguments';
import { de } from './messages/de';
import { en, type Catalogue, type MessageId } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { compileCatalogue, type CompiledMessage } from './compile';
import { pseudoCatalogue, pseudoText } from './pseudo';

/** The literal text of a parsed message, its branches' included. */
const literalText = (elements: CompiledMessage): string =>
  elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if ('options' in element)
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join('');
      return '';
    })
    .join('');

const TRANSLATIONS: Record<string, Catalogue> = { de, fr, es };
const ids = Object.keys(en) as MessageId[];

describe('the message catalogues', () => {
  it.each(Object.entries(TRANSLATIONS))('%s has every English id, each non-empty, and no other', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(catalogue[id].trim(), id).not.toBe('');
  });

  it.each(Object.entries(TRANSLATIONS))('%s parses as ICU and takes the same arguments as English', (_, catalogue) => {
    expect(argumentNames(en['connection.waiting'])).toEqual(['count', 'line']);
    for (const id of ids) expect(argumentNames(catalogue[id]), id).toEqual(argumentNames(en[id]));
  });

  it('the pseudo-locale accents and brackets every parsed message and keeps its arguments', () => {
    expect(pseudoText('Online')).toBe('[Ôñļîñé]');
    const pseudo = pseudoCatalogue(compileCatalogue(en, 'en'));
    const say = (id: MessageId, values?: Record<string, string | number>) =>
      String(new IntlMessageFormat(pseudo[id], 'en-XA').format(values));
    expect(say('connection.online')).toBe('[Ôñļîñé]');
    expect(say('connection.waiting', { line: 'Online', count: 2 })).toBe('[Online — 2 áñîmáļš ŵáîţîñĝ ţö ƀé šéñţ]');
    for (const id of ids) {
      expect(argumentNames(pseudo[id]), id).toEqual(argumentNames(en[id]));
      // Every letter the pseudo-locale can accent is accented, in every branch: none is left plain.
      expect(literalText(pseudo[id]), id).not.toMatch(/[abcdeghijklnorstuwyzACDEGILNOSUYZ]/);
    }
  });
});

// One thing, one word: "Diese Kasse" in Settings was "an einer anderen Theke" in the drawer; "der nächste Abgleich"
// under the list, "die nächste Synchronisierung" in a notice; and a gone animal was "nicht mehr im Postausgang" (in
// English "outbox"), a place no screen is called: the drawer is "Noch nicht gesendet", "Waiting to be sent".
const using = (catalogue: Record<MessageId, string>, word: RegExp): MessageId[] =>
  (Object.keys(catalogue) as MessageId[]).filter((id) => word.test(catalogue[id]));

describe('each thing the clerk meets has one name in German', () => {
  it('the counter is "Kasse" everywhere, as Settings calls it, never "Theke"', () => {
    expect(using(de, /Kasse/)).toContain('settings.counter');
    expect(using(de, /Theke/)).toEqual([]);
  });

  it('the sync is "Abgleich" everywhere, as the list calls it, never "Synchronisierung"', () => {
    expect(using(de, /Abgleich/)).toContain('list.copyCutShort');
    expect(using(de, /Synchronisier/)).toEqual([]);
  });

  it('the waiting animals are where the drawer says, never in an "outbox" no screen is called', () => {
    expect(using(de, /Postausgang/)).toEqual([]);
    expect(using(en, /\boutbox\b/i)).toEqual([]);
  });
});
