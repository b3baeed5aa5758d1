import { describe, expect, it } from 'vitest';
import { de } from './messages/de';
import { en, type MessageId } from './messages/en';

// A German clerk reads "Diese Kasse" as Settings' heading and in an animal's details, then "an einer anderen Theke" in
// the drawer; "der nächste Abgleich" under the list, then "die nächste Synchronisierung" in a notice; and, when an
// animal she acts on has gone, "nicht mehr im Postausgang" — a place no screen is called (the drawer is "Noch nicht
// gesendet"; in English "Waiting to be sent", yet the English message says "outbox"). One thing, one word.

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
