import { afterEach, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { AppError } from '../../../shared/app-error';
import type { OutboxItem } from '../../../shared/views';
import { FORMULA_START, HOSTILE_NAMES, unprefixed } from '../../../shared/test-support/hostile-names';
import { i18n } from '../i18n/i18n.svelte';
import { describeItem, outboxCsv } from './outbox';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
  environmentId: 'demo',
  pet: { name: 'Rex', categoryId: '1' },
  state: 'queued',
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  attempts: 0,
  ...over,
});

describe('the outbox for the clerk', () => {
  it('exports the queue as CSV a spreadsheet reads safely', () => {
    const csv = outboxCsv([
      item({}),
      item({
        pet: { name: 'Mr "Fluffy", Jr', categoryId: '2' },
        state: 'sent',
        created: { id: '9', name: 'x', categoryId: '2', status: 'available' },
      }),
      item({ pet: { name: '=HYPERLINK()', categoryId: '3' } }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'name,categoryId,status,state,createdAt,serviceId,lastError',
      'Rex,1,,queued,2026-01-02T03:04:05.000Z,,',
      '"Mr ""Fluffy"", Jr",2,,sent,2026-01-02T03:04:05.000Z,9,',
      "'=HYPERLINK(),3,,queued,2026-01-02T03:04:05.000Z,,",
      '',
    ]);
  });

  it('gives back every hostile name exactly, with no cell a spreadsheet could run, whatever state it is in', () => {
    const items = HOSTILE_NAMES.map((name, index) =>
      item({
        id: `item-${String(index)}`,
        pet: { name, categoryId: index % 2 === 0 ? '-3' : '12' },
        ...(index % 3 === 0
          ? {
              state: 'needs_attention',
              check: 'rejected',
              lastError: { kind: 'invalid_input', reason: 'values_refused', params: { serviceSaid: name } },
            }
          : {}),
      }),
    );
    const csv = outboxCsv(items);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true, dynamicTyping: false });
    expect(parsed.errors).toEqual([]);
    const body = parsed.data.slice(1);
    expect(body.map((row) => unprefixed(row[0] ?? ''))).toEqual(HOSTILE_NAMES);
    expect(body.map((row) => row[1])).toEqual(items.map((one) => one.pet.categoryId));
    for (const cell of body.flat()) {
      if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(FORMULA_START);
    }
  });

  it('says how often an animal was tried in words, not "3×"', () => {
    expect(describeItem(item({ attempts: 1 }))).toBe('Waiting to be sent — 1 try so far');
    expect(describeItem(item({ attempts: 3 }))).toBe('Waiting to be sent — 3 tries so far');
  });

  afterEach(() => i18n.choose(null));

  it('an animal at the check points to no list: its rows, where the service has some, say "compare" themselves', () => {
    // Said in the drawer over no rows (none match, or the service is down) and in the animal's details, where no list
    // is either: "compare with the list below" sent the clerk looking for nothing.
    const atCheck = item({ state: 'needs_attention', check: 'needs_check', attempts: 1 });
    i18n.choose('en');
    expect(describeItem(atCheck)).toBe('Needs your check: it may already have been added.');
    for (const language of ['de', 'fr', 'es'] as const) {
      i18n.choose(language);
      expect(describeItem(atCheck)).not.toMatch(/unten|ci-dessous|abajo/);
    }
  });

  // An add whose answer never came whole — the service failed after creating it (a 500), or the connection broke
  // while it answered — waits for the check; the error's own advice, "try again (later)", would add it twice.
  const TRY_AGAIN = { en: /try again/i, de: /erneut/, fr: /réessay/i, es: /inténtelo/i } as const;
  const DOUBTS: AppError[] = [
    { kind: 'server_error', reason: 'service_failed', status: 500, params: { status: 500 } },
    { kind: 'invalid_response', reason: 'answer_cut_off' },
  ];

  it.each(DOUBTS.map((error) => [error.reason, error] as const))(
    'an add in doubt after %s asks for the check and never advises trying again, in every language',
    (_, lastError) => {
      const atCheck = item({ state: 'needs_attention', check: 'needs_check', attempts: 1, lastError });
      for (const language of ['en', 'de', 'fr', 'es'] as const) {
        i18n.choose(language);
        expect(describeItem(atCheck), language).not.toMatch(TRY_AGAIN[language]);
      }
    },
  );
});
