import { describe, expect, it } from 'vitest';
import { argumentNames } from '../../../shared/test-support/icu-arguments';
import { de } from './messages/de';
import { en, type Catalogue, type MessageId } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { pseudoCatalogue, pseudoLocalize } from './pseudo';

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

  it('the pseudo-locale accents and brackets every message and keeps its arguments', () => {
    expect(pseudoLocalize('Online')).toBe('[Ôñļîñé]');
    expect(pseudoLocalize('{count, plural, one {# animal} other {# animals}}')).toBe(
      '[{count, plural, one {# áñîmáļ} other {# áñîmáļš}}]',
    );
    const pseudo = pseudoCatalogue();
    for (const id of ids) expect(argumentNames(pseudo[id]), id).toEqual(argumentNames(en[id]));
  });
});
