import type { ErrorReason, FieldProblem } from '../../../../shared/app-error';
import type { EnvironmentId } from '../../../../shared/environments';
import type { NoticeReason } from '../../../../shared/views';

/** Every id the core's codes are worded with: one per error reason, field problem, notice and environment. */
export type ErrorsMessageId =
  | `error.${ErrorReason}`
  | 'error.busyFor'
  | 'error.serviceSaid'
  | `field.${FieldProblem}`
  | `notice.${NoticeReason}`
  | `environmentName.${EnvironmentId}`;

/**
 * English, third part: what the core reports in codes (errors, refused
 * fields, notices) and the environments' names. Merged into `en` in `en.ts`.
 * `{file}` and `{problem}` are the core's StoredFile and FileProblem codes.
 */
export const enErrors = {
  'error.offline': 'This computer is offline. The app keeps working with what it has saved.',
  'error.unreachable':
    'The service cannot be reached. Check the network connection; the app keeps working with what it has saved.',
  'error.address_not_found':
    'The service address could not be found. Check the network connection and the address in Settings.',
  'error.connection_lost':
    'The connection to the service was lost. If you were adding an animal, check the list before adding it again.',
  'error.timeout':
    'The service did not answer in time. If you were adding an animal, check the list before adding it again.',
  'error.cancelled': 'The request was cancelled.',
  'error.answer_cut_off': 'The connection broke while the service was answering. Please try again.',
  'error.values_refused': 'The service refused the values sent.',
  'error.key_refused': 'The service refused the API key for this environment. Check or replace it in Settings.',
  'error.not_on_service': 'The service has no such animal.',
  'error.operation_gone': 'The service no longer offers this operation.',
  'error.busy': 'The service is busy with too many requests. Try again in a moment.',
  'error.busyFor':
    'The service is busy with too many requests. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  'error.asked_to_wait':
    'The service asked the app to wait. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  'error.service_failed': 'The service had a problem (HTTP {status}). Try again later.',
  'error.unexpected_status': 'The service gave an unexpected answer (HTTP {status}).',
  'error.unreadable_answer': 'The service sent an answer the app cannot read.',
  'error.answer_too_large':
    'The service sent an answer larger than the app reads (over {megabytes} MB), so the app stopped reading it. This address may not be a Petstore service: check it in Settings.',
  'error.next_page_elsewhere': 'That next page is not on this environment’s service; the app did not ask for it.',
  'error.redirected':
    'The service’s address sends the app to another address. The app does not follow it, as the API key would go too: check the address in Settings.',
  'error.serviceSaid': 'The service said: “{words}”',
  'error.no_key': 'There is no API key for this environment yet. Enter one in Settings.',
  'error.key_for_old_address':
    'The service address changed since the API key was entered. Enter the key again for the new address in Settings.',
  'error.keychain_save': 'The system keychain could not save the key. Check that it is unlocked and try again.',
  'error.keychain_remove': 'The system keychain could not remove the key. Check that it is unlocked and try again.',
  'error.invalid_value': 'Some values are not valid.',
  'error.managed_hidden': 'Managed by your organisation: this environment is turned off on this computer.',
  'error.managed_address': 'Managed by your organisation: the {environment} address is fixed on this computer.',
  'error.managed_key': 'Managed by your organisation: this environment’s key is only for {origin}.',
  'error.managed_administration': 'Managed by your organisation: addresses and keys are set by IT on this computer.',
  'error.no_demo_key':
    'The demo service’s own key is not known to this run of the app. Start the app with `npm start` to have it.',
  'error.no_animal_with_id': 'No animal with id {id} on the service.',
  'error.not_in_catalogue':
    'No animal with id {id} is in the shop’s catalogue on this computer. Refresh the list to bring it up to date.',
  // The list's own words (`list.incomplete`): no Refresh brings an animal past the first 100 of its status.
  'error.not_in_capped_catalogue':
    'The service shows at most 100 animals per status, so some animals may be missing here.',
  'error.unreachable_not_in_catalogue':
    'The service cannot be reached, and no animal with id {id} is in the shop’s catalogue on this computer. Check the network connection, or try again later.',
  'error.failed_not_in_catalogue':
    'The service could not answer, and no animal with id {id} is in the shop’s catalogue on this computer. Try again later.',
  'error.not_in_partial_copy':
    'The service did not answer, and the shop’s copy on this computer is not whole: animal {id} may be missing from it. Try again later.',
  'error.outbox_item_busy': 'This animal is being sent or was sent; it cannot be changed now.',
  'error.outbox_item_check_first':
    'This animal may already have been added: check it first. If it was not created, change it then.',
  'error.outbox_item_not_looked_up':
    'The app has not looked for this animal in the shop yet (that needs the service). Send it again, change it or confirm it once the check shows what the shop holds.',
  'error.outbox_item_gone': 'That animal is no longer in "Waiting to be sent".',
  'error.outbox_save_failed': 'The app could not save the waiting animals to disk. Check free disk space.',
  'error.outbox_read_only':
    'The list of animals waiting to be sent cannot be changed in this run (the notice says why), so no animal can be added now.',
  'error.send_failed': 'Sending failed unexpectedly.',
  'error.unknown_request': 'The app made a request it does not know. The details are in the log.',
  'error.refused_sender': 'Refused: this request did not come from Petstore Counter’s own page.',
  'error.lost_contact': 'The app lost contact with its background process. Restart the app.',
  'error.internal': 'Something went wrong inside the app. The details are in the log.',

  'field.invalid': 'This value is not valid',
  'field.managed': 'Managed by your organisation',
  'field.address_missing': 'Enter the service address',
  'field.address_not_web': 'Not a web address: it starts with https:// and ends with /v1',
  'field.address_scheme': 'The address must start with https://',
  'field.address_plain_http': 'Use https:// — plain http:// is allowed only for this computer (localhost)',
  'field.address_credentials': 'The address must not contain a user name or password',
  'field.address_query': 'The address must not contain ? or #',
  'field.address_version': 'The address must end with /v1',
  'field.key_missing': 'Enter the API key',
  'field.key_too_long': 'That is too long to be an API key',
  'field.key_characters': 'An API key has no spaces or special characters',
  'field.category_id_range': 'A category id is a whole number from 1',
  'field.label_missing': 'Enter a name',
  'field.label_too_long': 'At most 60 characters',
  'field.label_taken': 'Another category already has this name',

  'notice.keychain_unreadable':
    'The system keychain could not be read, so no API key is available. Unlock it, or enter the key again in Settings.',
  'notice.policy_unreadable':
    'The policy in {path} could not be read ({problem, select, folder {it is a folder, not a file} permission {this user may not read it} other {{detail}}}). Until it can, the app takes the safe side: every address stays as it is and cannot be changed, updates are off and the demo is hidden.',
  'notice.policy_not_json':
    'The policy in {path} is not JSON ({detail}). Until it is, the app takes the safe side: every address stays as it is and cannot be changed, updates are off and the demo is hidden.',
  'notice.policy_invalid':
    'The policy in {path} has fields the app cannot read: {fields} ({detail}). Everything else in it applies; for these the app takes the safe side (a lock stays locked, updates stay off, the demo stays hidden).',
  'notice.policy_bad_address':
    'The policy in {path} has an address the app cannot use ({at}: {fieldProblem}). Everything else in it applies; a locked environment stays locked at the address it has.',
  'notice.file_unreadable':
    'The {file, select, settings {settings file} catalogue {copy of the shop’s catalogue} other {file of category names}} could not be read ({problem, select, not_json {it is not valid JSON} newer_version {it was written by a newer version of the app} unknown_version {its version is not one the app knows} other {it holds data the app does not recognise}}), so the app started afresh. The old file was kept as {backup}.',
  'notice.file_partly_read':
    '{file, select, catalogue {The copy of the shop’s catalogue could be read only up to page {parts}: the animals before it are shown, and the rest come with the next sync.} other {Some of the {file, select, settings {settings} other {category names}} could not be read ({parts}); those are back to their defaults and everything else was kept.}} The file as it was is kept as {backup}.',
  'notice.file_newer_version':
    'The {file, select, settings {settings file} other {file of category names}} was written by a newer version of the app. This version leaves it as it is and uses what it can read of it; changes made now last only until the app closes.',
  'notice.file_not_saved':
    'The app could not save the {file, select, settings {settings} catalogue {copy of the shop’s catalogue} categories {category names} other {animals waiting to be sent}}. Check that the disk has room and the app’s folder can be written; changes since then may be lost when the app closes.',
  'notice.outbox_record_unreadable':
    '{named, select, yes {The waiting animal “{name}”} other {A damaged part}} could not be read from the file of waiting animals. It was kept as it was in {backup} and was not sent.',
  'notice.outbox_newer_version':
    'The list of animals waiting to be sent was written by version {version} of the app. This version leaves it as it is and cannot add animals; open version {version} or later to send them.',
  'notice.outbox_not_set_aside':
    'Waiting animals could not be read, nor set aside as {backup} (is the disk full?). The file is left as it is: until a restart the others are shown but not sent, and no animal can be added. Free some space or move {backup}, then restart.',

  'environmentName.production': 'Production',
  'environmentName.staging': 'Staging',
  'environmentName.demo': 'Demo (local)',
} as const satisfies Record<ErrorsMessageId, string>;

/** The third part of another language's catalogue (`*-errors.ts`). */
export type ErrorsCatalogue = Record<ErrorsMessageId, string>;
