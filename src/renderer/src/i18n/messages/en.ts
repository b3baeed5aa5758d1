/**
 * The English catalogue: the source of every message id (`MessageId`) and the
 * text the other languages translate. ICU MessageFormat: `{name}` is a value,
 * `{count, plural, one {…} other {…}}` a plural. Ids are passed as strings,
 * never as numbers, so they are never given digit separators.
 */
import { enErrors } from './en-errors';
import { enScreens, type ScreensMessageId } from './en-screens';

export const en = {
  ...enScreens,
  ...enErrors,
  // The header and the screen navigation
  'app.title': 'Petstore Counter',
  'header.environment': 'Environment',
  'header.band.production': 'Production',
  'header.band.staging': 'STAGING — not the live shop',
  'header.band.demo': 'DEMO — training data',
  'header.chip.production': 'LIVE',
  'header.chip.staging': 'STAGING',
  'header.chip.demo': 'DEMO',
  'header.unsentWarning':
    '{count, plural, one {# animal is} other {# animals are}} not sent yet. They stay saved and are sent when the service can be reached. Switch environment anyway?',
  'nav.label': 'Screens',
  'nav.animals': 'Animals',
  'nav.lookup': 'Look up by id',
  'nav.settings': 'Settings',
  'nav.shortcuts': 'Keyboard shortcuts',
  'nav.shortcutsKey': '?',

  // The connection line in the header
  'connection.noKey': 'No API key',
  'connection.unchecked': 'Not checked yet',
  'connection.connecting': 'Connecting…',
  'connection.online': 'Online',
  'connection.askedToWait': 'Busy until {time}',
  'connection.askedToWaitLong': 'The service asked the app to wait until {time}: it sends nothing before then',
  'connection.offline': 'Offline',
  'connection.unreachable': 'Service unreachable',
  'connection.noNetworkLong': 'Offline: this computer has no network',
  'connection.unreachableLong': 'Service unreachable: the network works, but the service does not answer',
  'connection.serviceError': 'Service error',
  'connection.keyRefused': 'Service error: the API key was refused',
  'connection.addressNotFound': 'Service error: the address was not found',
  'connection.serverError': 'Service error: the service failed',
  'connection.invalidResponse': 'Service error: an unexpected answer',
  'connection.short.keyRefused': 'Key refused',
  'connection.short.addressNotFound': 'Address not found',
  'connection.short.serverError': 'Service failed',
  'connection.short.invalidResponse': 'Unexpected answer',
  'connection.sending': '{line} — sending {count, plural, one {# animal} other {# animals}}',
  'connection.waiting': '{line} — {count, plural, one {# animal} other {# animals}} waiting to be sent',
  'sync.upToDate': 'Up to date',
  'sync.updating': 'Updating the copy…',
  'sync.copyFrom': 'Copy from {time}',
  'sync.copyFromDay': 'Copy from {date}, {time}',
  'sync.waiting': '{count, plural, other {# waiting}}',
  'sync.sending': '{count, plural, other {Sending #…}}',
  'connection.toCheck': '{line} · {count, plural, one {# animal waits} other {# animals wait}} for your check',
  'sync.toCheck': '{count, plural, other {# to check}}',

  // Settings
  'settings.title': 'Settings',
  'settings.counter': 'This counter',
  'settings.administration': 'Administration',
  'settings.administrationHint': 'Service addresses and API keys, usually set once by IT.',
  'settings.administrationLocked': 'Managed by your organisation: addresses and keys are set by IT on this computer.',
  'settings.restoreDemoKey': 'Restore the demo key',
  'settings.demoKeyRestored': 'The demo key is back in place.',
  'settings.intro':
    'Each environment has its own service address and API key. Keys are kept in the system keychain and are never shown again once saved.',
  'settings.environments': 'Environments',
  'settings.inUse': 'In use',
  'settings.keyStored': 'Key stored',
  'settings.noKey': 'No key',
  'settings.managed': 'Managed',
  'settings.language': 'Language',
  'settings.language.system': 'System default',

  // One environment's settings
  'environment.legendInUse': '{environment} · in use',
  'environment.address': 'Service address for {environment}',
  'environment.managedAddress': 'Managed by your organisation',
  'environment.saveAddress': 'Save address',
  'environment.addressSaved': 'Address saved.',
  'environment.keyStored': 'An API key is stored in the system keychain. It is never shown.',
  'environment.noKeyStored': 'No API key stored.',
  'environment.key': 'API key for {environment}',
  'environment.replaceKey': 'Replace the API key for {environment}',
  'environment.testAndSave': 'Test and save',
  'environment.saveAnyway': 'Save anyway',
  'environment.testStored': 'Test the stored key',
  'environment.removeKey': 'Remove key…',
  'environment.keyFirst': 'Type or paste the API key first.',
  'environment.addressFirst': 'Save the address first: the key is tested there.',
  'environment.notSaved': 'Not saved: {reason}',
  'environment.keyWorks': 'The key works (answered in {ms} ms) and is saved.',
  'environment.savedUntested': 'Key saved for {environment} without a working test.',
  'environment.connected': 'Connected — the service answered in {ms} ms.',
  'environment.keyRemoved': 'Key removed for {environment}.',
  'environment.removeQuestion':
    'Remove the API key for {environment}? It cannot be shown or restored: you will need the key again to list or send animals here.',
  'environment.removeConfirm': 'Remove the key',
  'environment.keepKey': 'Keep the key',

  // Category names
  'categories.title': 'Categories in {environment}',
  'categories.intro':
    'The service knows categories only by number. Names given here stay on this computer and show beside the number.',
  'categories.nameFor': 'Name for category {id}',
  'categories.rename': 'Rename',
  'categories.newId': 'New category id',
  'categories.newName': 'New category name',
  'categories.add': 'Add category',
  'categories.saved': 'Saved “{label}” for category {id}.',
  'categories.remove': 'Remove',
  'categories.removeLabel': 'Remove the name of category {id}',
  'categories.removed': 'Removed the name of category {id}.',
  'categories.idTaken': 'Category {id} already has a name, “{label}”: rename it above',

  // The barcode scanner
  'columns.legend': 'Columns in the list',
  'columns.category': 'Category column',
  'columns.status': 'Status column',
  'scanner.legend': 'Barcode scanner',
  'scanner.enabled': 'Open an animal when its id is scanned (outside a text field)',

  // Notices
  'notices.dismiss': 'Dismiss',
  'notices.dismissLabel': 'Dismiss: {message}',
  'toast.region': 'Messages',

  // The keyboard shortcuts dialog
  'shortcuts.title': 'Keyboard shortcuts',
  'shortcuts.keys': 'Keys',
  'shortcuts.does': 'Does',
  'shortcuts.close': 'Close',
  'shortcut.add': 'Add an animal',
  'shortcut.search': 'Search by id or name',
  'shortcut.refresh': 'Refresh the list',
  'shortcut.lookup': 'Look up by id (deprecated)',
  'shortcut.all': 'Show all animals',
  'shortcut.available': 'Show available animals',
  'shortcut.pending': 'Show pending animals',
  'shortcut.sold': 'Show sold animals',
  'shortcut.closePanel': 'Close the open panel or dialog',
  'shortcut.help': 'Show these shortcuts',
  // The animals list: its controls, table, banner and counts
  'list.options': 'List options',
  'list.status': 'Status',
  'status.all': 'All',
  'status.available': 'Available',
  'status.pending': 'Pending',
  'status.sold': 'Sold',
  'list.search': 'Search by id or name',
  'list.searchPlaceholder': 'Id or name',
  'table.caption': 'Animals in {environment}',
  'table.id': 'Id',
  'table.name': 'Name',
  'table.category': 'Category',
  'table.status': 'Status',
  'age.justNow': 'just now',
  'list.loading': 'Loading animals…',
  'list.refresh': 'Refresh',
  'list.tryAgain': 'Try again',
  'list.empty':
    'No {status, select, available {available } pending {pending } sold {sold } other {}}animals in {environment}.',
  // Status badges, the add button, export and print
  'badge.available': 'Available',
  'badge.pending': 'Pending',
  'badge.sold': 'Sold',
  'badge.none': 'Not set',
  'list.add': 'Add an animal',
  'add.noKeyReason': 'Adding needs an API key for {environment}: it is entered in Settings, under Administration.',
  'add.noKeyLocked':
    'Adding needs an API key for {environment}, which your organisation manages on this computer: ask your IT to enter it.',
  'list.exportCsv': 'Export CSV',
  'csv.name': 'Name',
  'csv.status': 'Status',
  'list.exported': 'Exported {count, plural, one {# animal} other {# animals}} to {file}.',
  'list.notSynced': 'Not loaded yet',
  'list.emptyNoKey':
    'Nothing to show until {environment} has a working API key: its animals load as soon as the key is saved.',
  'list.emptyNotSynced': 'The animals of {environment} are not loaded yet: they come with the service’s first answer.',
  'list.total': '{count, plural, one {# animal} other {# animals}}',
  'list.available': '· {available, number} available',
  'list.shownOf': '{shown, number} of {count, number}',
  'list.noMatch':
    'No {status, select, available {available } pending {pending } sold {sold } other {}}animal in the shop has the id or a name with “{filter}”.',
  'list.incomplete': 'The service shows at most 100 animals per status, so some animals may be missing here.',
  'list.copyCutShort': 'Part of the saved copy could not be read; the next sync brings the rest.',
  'list.linksCut': 'The service’s list goes on where the app does not follow it, so some animals may be missing here.',
  'list.moreActions': 'Export and print',
  'list.exportView': 'Export this view (CSV)',
  'list.exportShop': 'Export the whole shop (CSV)',
  'list.printView': 'Print this view',
  'list.printShop': 'Print the whole shop',
  'list.printHeader': '{environment} — {scope} — printed {date}',
  'list.scopeView': '{status}{searching, select, yes { · “{filter}”} other {}}: {shown, number} of {count, number}',
  'list.scopeShop': 'the whole shop: {count, plural, one {# animal} other {# animals}}',
  'table.notSent': 'not sent yet',
  'csv.id': 'Id',
  'csv.categoryId': 'Category id',
  'csv.category': 'Category',
  'csv.note': 'Note',
} as const;

export type MessageId = keyof typeof en;

/** Another language's catalogue: every id of the English one, and no other (the typecheck says which is missing). */
export type Catalogue = Record<MessageId, string>;

/** The second part of another language's catalogue, merged into it (`en-screens.ts`). */
export type ScreensCatalogue = Record<ScreensMessageId, string>;
