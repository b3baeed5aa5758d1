import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/app-error';
import type { OutboxItem } from '../../../shared/views';
import { i18n } from '../i18n/i18n.svelte';
import { describeItem } from './outbox';

// An add whose answer never came whole — the service failed after creating it (a 500), or the connection broke while
// it answered — waits for the clerk's check: "it may already have been added". The line then goes on with the error's
// own advice, "try again (later)": the one thing that would add the animal twice. Said in the drawer and the details.

const atCheck = (lastError: AppError): OutboxItem => ({
  id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
  environmentId: 'demo',
  pet: { name: 'Raced', categoryId: '2' },
  state: 'needs_attention',
  check: 'needs_check',
  createdAt: Date.UTC(2026, 10, 28, 12, 0, 0),
  attempts: 1,
  lastError,
});

const TRY_AGAIN = { en: /try again/i, de: /erneut/, fr: /réessay/i, es: /inténtelo/i } as const;

const DOUBTS: AppError[] = [
  { kind: 'server_error', reason: 'service_failed', status: 500, params: { status: 500 } },
  { kind: 'invalid_response', reason: 'answer_cut_off' },
];

describe('an add in doubt, at the clerk’s check', () => {
  afterEach(() => i18n.choose(null));

  it.each(DOUBTS.map((error) => [error.reason, error] as const))(
    'after %s it asks for the check and never advises trying again, in every language',
    (_, error) => {
      for (const language of ['en', 'de', 'fr', 'es'] as const) {
        i18n.choose(language);
        expect(describeItem(atCheck(error)), language).not.toMatch(TRY_AGAIN[language]);
      }
    },
  );
});
