/**
 * English, second part: the add form, the lookup, the outbox, the detail panel,
 * the key prompt, dates and start-up. Merged into `en` in `en.ts`.
 */
export const enScreens = {
  'common.close': 'Close',
  // The add form
  'add.title': 'Add an animal',
  'add.closeLabel': 'Close the add form',
  'add.name': 'Name',
  'add.counter': '{count} / {max} characters',
  'add.tooLong': 'Names have at most {max} characters: remove {excess}',
  'add.category': 'Category',
  'add.categoryPlaceholder': 'A name, or its id',
  'add.status': 'Status',
  'add.statusServiceDecides': 'Service default',
  'add.submit': 'Add animal',
  'add.adding': 'Adding…',
  'add.added': 'Added {name} (id {id}) to {environment}.',
  'add.savedQueued': 'Saved, will be sent later: {name}',
  'add.sent': 'Sent — {name} now has id {id}.',
  'add.notAdded': '{name} was not added to {environment}. {reason}',
  'add.needsCheck': '{name} needs your check in "Waiting to be sent".',

  // The form checks
  'validate.nameRequired': 'Name is required',
  'validate.nameTooLong': 'Name must be at most {max} characters',
  'validate.nameBroken': 'The name has a broken character (half an emoji): type it again',
  'validate.categoryMissing': 'Choose a category, or type its id',
  'validate.categoryNotNumber': 'Choose a category from the list, or type its id (a whole number)',
  'validate.categoryRange': 'A category id is a whole number from 1, at most 19 digits long',
  'validate.idMissing': 'Enter an id, like 42',
  'validate.notANumber': 'Enter a whole number, like 42',
  'validate.idTooLarge': 'Too large for an id: ids go up to 9223372036854775807',
  'validate.categoryTooLarge': 'Too large for a category id: ids go up to 9223372036854775807',
  'validate.idSpaces': 'An id has no spaces: type its digits together, like 12345',

  // The deprecated lookup
  'lookup.title': 'Look up by id',
  'lookup.deprecated': 'deprecated',
  'lookup.removedOn': 'Look up by id was removed on {date}',
  'lookup.removedReason': 'The app no longer asks the service; it searches the shop’s catalogue on this computer.',
  'lookup.goneReason':
    'The service no longer offers lookup by id, so the app searches the shop’s catalogue on this computer.',
  'lookup.outOfDate': 'That copy may be out of date.',
  'lookup.stopsOn': 'Look up by id stops working on {date}',
  'lookup.stopsOnDaysLeft': 'Look up by id stops working on {date} — {daysLeft}',
  'lookup.retiring': 'The service is retiring this lookup: use the list’s search instead.',
  'lookup.switch': 'Use the list',
  'lookup.id': 'Animal id',
  'lookup.submit': 'Look up',
  'lookup.looking': 'Looking up…',
  'lookup.unconfirmed': 'From this computer’s catalogue, not yet confirmed by the service.',
  'lookup.savedCopy':
    'Copy{timed, select, yes { from {time}} other {}} — {why, select, retired {the service no longer answers this lookup} unreachable {the service could not be reached at {at}} key {this environment has no working API key} other {the service could not answer}}, so this comes from the shop’s catalogue on this computer. It may have changed since.',

  // No API key
  'key.refusedTitle': 'The service refused the API key for {environment}',
  'key.missingTitle': 'No API key for {environment} yet',
  'key.refusedText': 'Enter a valid key to continue.',
  'key.missingText': 'The app needs the API key for this environment before it can show or add animals.',
  'key.enter': 'Enter the API key',
  'key.useDemo': 'Use the demo environment instead',

  // The detail panel
  'detail.readFrom': 'Read from',
  'detail.notSent': 'This counter, not sent yet (added {since}): {state}',
  'detail.sentHere': 'Added from this counter; the shop’s catalogue lists it at its next sync',
  'detail.catalogue': 'The shop’s catalogue on this computer, synced {age}',
  'detail.catalogueUnsynced': 'The shop’s catalogue on this computer, not synced yet',
  'detail.noId': 'none yet (not sent)',
  'detail.copy': 'Copy id',
  'detail.copied': 'Id {id} copied.',
  'detail.copyFailed': 'The id could not be copied; select it and press Ctrl+C.',

  // The outbox
  'outbox.title': 'Waiting to be sent',
  'outbox.sent': 'Sent',
  'outbox.nothingWaiting': 'Nothing is waiting: every animal below has been sent.',
  'outbox.noMatch': 'No animal with this name and category is on the service now.',
  'outbox.noMatchCapped':
    'No animal with this name and category is among those the service lists — it lists at most 100 per status, so it may exist all the same: look in the shop’s own system before sending again.',
  'outbox.partUnread':
    'Only part of the shop could be read (the service keeps failing on the rest): an animal not shown here may exist all the same.',
  'outbox.staleKnown':
    'The shop could not be read when it was added: another counter’s animal of this name, added shortly before it, may be among these.',
  'outbox.sentElsewhere':
    'It was sent to another address than this environment’s now, perhaps another shop: “Send again” adds it here as a new animal.',
  'outbox.lookingUp':
    'Looking for it in the shop — needs the service. Until then it cannot be sent again or confirmed.',
  'outbox.onService': 'Compare it with these on the service now: {ids}',
  'outbox.serviceId': 'id {id}',
  'outbox.change': 'Change {name}',
  'outbox.name': 'Name',
  'outbox.save': 'Save',
  'outbox.cancel': 'Cancel',
  'outbox.confirm': 'It was created',
  'outbox.confirmLabel': 'It was created: {name}',
  'outbox.sendNow': 'Send now',
  'outbox.sendAgain': 'Send again',
  'outbox.actionLabel': '{action}: {name}',
  'outbox.edit': 'Edit',
  'outbox.editLabel': 'Edit {name}',
  'outbox.discard': 'Discard',
  'outbox.discardLabel': 'Discard {name}',
  'outbox.discardQuestion': 'Discard {name}? It will not be sent.',
  'outbox.discardYes': 'Yes, discard',
  'outbox.discardYesLabel': 'Yes, discard {name}',
  'outbox.keep': 'Keep',
  'outbox.keepLabel': 'Keep {name}',
  'outbox.waiting': 'Waiting to be sent',
  'outbox.waitingTried': 'Waiting to be sent — {count, plural, one {1 try so far} other {# tries so far}}',
  'outbox.sending': 'Sending…',
  'outbox.sentId': 'Sent — id {id}',
  'outbox.sentConfirmed': 'Sent (confirmed by you)',
  'outbox.refused': 'Refused by the service: {reason}',
  'outbox.noReason': 'no reason given',
  'outbox.needsCheck': 'Needs your check: it may already have been added.',

  // Dates and days left
  'date.dayAndTime': '{date}, {time}',
  'date.daysLeft': '{count, plural, one {{days} day left} other {{days} days left}}',
  'date.removedToday': 'removed today',
  'date.removedAgo': '{count, plural, one {removed {days} day ago} other {removed {days} days ago}}',

  // Start-up
  'app.startError': 'The app could not start: {reason}',
  'app.starting': 'Starting…',

  // Keys in the shortcuts list
  'keys.control': 'Ctrl+{key}',
  'keys.command': '⌘+{key}',
  'keys.escape': 'Esc',
} as const;

export type ScreensMessageId = keyof typeof enScreens;
