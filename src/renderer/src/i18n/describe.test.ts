import { afterEach, describe, expect, it } from 'vitest';
import { ErrorReason, FieldProblem, type AppError, type MessageParams } from '../../../shared/app-error';
import { NoticeReason, type AppNotice } from '../../../shared/views';
import { errorText, fieldError, noticeText, problemText } from './describe';
import { i18n } from './i18n.svelte';
import { LANGUAGES } from './locales';

// The values the core sends with each code (typed: a new code needs its example here).
const ERROR_VALUES: Record<ErrorReason, MessageParams> = {
  offline: {},
  unreachable: {},
  address_not_found: {},
  connection_lost: {},
  timeout: {},
  cancelled: {},
  answer_cut_off: {},
  values_refused: {},
  key_refused: {},
  not_on_service: {},
  operation_gone: {},
  busy: {},
  asked_to_wait: { seconds: 3 },
  service_failed: { status: 503 },
  unexpected_status: { status: 302 },
  unreadable_answer: { detail: 'pets.0.id: expected string' },
  answer_too_large: { megabytes: 4 },
  next_page_elsewhere: {},
  redirected: {},
  no_key: {},
  key_for_old_address: {},
  keychain_save: {},
  keychain_remove: {},
  invalid_value: {},
  managed_hidden: { environmentId: 'demo' },
  managed_address: { environmentId: 'production' },
  managed_key: { origin: 'https://petstore.example.com' },
  managed_administration: {},
  no_demo_key: {},
  no_animal_with_id: { id: '9007199254740993' },
  not_in_catalogue: { id: '9007199254740993' },
  not_in_capped_catalogue: {},
  unreachable_not_in_catalogue: { id: '42' },
  failed_not_in_catalogue: { id: '42' },
  not_in_partial_copy: { id: '42' },
  outbox_item_busy: {},
  outbox_item_check_first: {},
  outbox_item_not_looked_up: {},
  outbox_item_gone: {},
  outbox_save_failed: {},
  outbox_read_only: {},
  send_failed: {},
  unknown_request: {},
  refused_sender: {},
  lost_contact: {},
  internal: {},
};

const NOTICE_VALUES: Record<NoticeReason, MessageParams> = {
  keychain_unreadable: {},
  policy_unreadable: { path: '/etc/petstore-counter/policy.json', problem: 'permission', detail: 'EACCES' },
  policy_not_json: { path: '/etc/petstore-counter/policy.json', detail: 'Unexpected token' },
  policy_invalid: {
    path: '/etc/petstore-counter/policy.json',
    fields: 'updates.enabled',
    detail: 'updates.enabled: expected boolean',
  },
  policy_bad_address: {
    path: '/etc/petstore-counter/policy.json',
    at: 'environments.production.baseUrl',
    field: 'address_plain_http',
  },
  file_unreadable: { file: 'categories', problem: 'not_json', backup: 'categories.corrupt-1.json' },
  file_partly_read: { file: 'settings', parts: 'preferences.sort', backup: 'settings.corrupt-1.json' },
  file_newer_version: { file: 'settings' },
  file_not_saved: { file: 'outbox' },
  outbox_record_unreadable: { named: 'yes', name: 'Rex', backup: 'outbox.unreadable.jsonl' },
  outbox_newer_version: { version: '2.1.0' },
  outbox_not_set_aside: { backup: 'outbox.unreadable.jsonl' },
};

const error = (reason: ErrorReason, params: MessageParams): AppError => ({ kind: 'internal', reason, params });

describe('the core’s codes in the clerk’s language', () => {
  afterEach(() => i18n.choose(null));

  it.each(LANGUAGES)('every error, field problem and notice has words in %s, with its values in them', (language) => {
    i18n.choose(language);
    for (const reason of ErrorReason.options) {
      const text = errorText(error(reason, ERROR_VALUES[reason]));
      expect(text, reason).not.toMatch(/[{}]|^error\./);
      for (const value of Object.values(ERROR_VALUES[reason])) {
        if (reason !== 'unreadable_answer' && typeof value === 'string' && !/^(demo|production)$/.test(value)) {
          expect(text, reason).toContain(value);
        }
      }
    }
    for (const problem of FieldProblem.options) {
      expect(fieldError({ kind: 'invalid_input', reason: 'invalid_value', fields: { x: problem } }, 'x')).toBeTruthy();
    }
    for (const reason of NoticeReason.options) {
      const notice: AppNotice = { id: reason, level: 'warning', reason, params: NOTICE_VALUES[reason] };
      expect(noticeText(notice), reason).not.toMatch(/[{}]/);
    }
  });

  it('an error missing a value its words need still reads as something, not a broken screen', () => {
    i18n.choose('en');
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(errorText(error('service_failed', {}))).toBe(
        'Something went wrong inside the app. The details are in the log.',
      );
    } finally {
      console.error = quiet;
    }
  });

  it('words a refused field by its problem when the core named it, else by the error', () => {
    i18n.choose('en');
    const refused: AppError = { kind: 'invalid_input', reason: 'invalid_value', fields: { label: 'label_missing' } };
    expect(problemText(refused, 'label')).toBe('Enter a name');
    expect(problemText(refused, 'baseUrl')).toBe(errorText(refused));
  });

  it('names the environment, the wait and the service’s own words', () => {
    i18n.choose('de');
    expect(errorText(error('managed_address', { environmentId: 'production' }))).toContain('Produktion');
    expect(errorText(error('busy', { seconds: 1 }))).toContain('in 1 Sekunde erneut');
    expect(errorText(error('values_refused', { serviceSaid: 'name is too long' }))).toBe(
      'Der Dienst hat die gesendeten Werte abgelehnt. Der Dienst meldet: „name is too long“',
    );
    i18n.choose('en');
    expect(errorText(error('busy', {}))).toBe('The service is busy with too many requests. Try again in a moment.');
    expect(
      noticeText({ id: 'x', level: 'error', reason: 'file_unreadable', params: NOTICE_VALUES.file_unreadable }),
    ).toBe(
      'The file of category names could not be read (it is not valid JSON), so the app started afresh. The old file was kept as categories.corrupt-1.json.',
    );
  });
});
