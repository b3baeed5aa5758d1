import type { ErrorsCatalogue } from './en-errors';

/** German, third part: the core's codes and the environments' names. */
export const deErrors: ErrorsCatalogue = {
  'error.offline': 'Dieser Computer ist offline. Die App arbeitet mit dem weiter, was sie gespeichert hat.',
  'error.unreachable':
    'Der Dienst ist nicht erreichbar. Prüfen Sie die Netzwerkverbindung; die App arbeitet mit dem Gespeicherten weiter.',
  'error.address_not_found':
    'Die Adresse des Dienstes wurde nicht gefunden. Prüfen Sie die Netzwerkverbindung und die Adresse in den Einstellungen.',
  'error.connection_lost':
    'Die Verbindung zum Dienst ist abgebrochen. Falls Sie ein Tier hinzugefügt haben, prüfen Sie die Liste, bevor Sie es erneut hinzufügen.',
  'error.timeout':
    'Der Dienst hat nicht rechtzeitig geantwortet. Falls Sie ein Tier hinzugefügt haben, prüfen Sie die Liste, bevor Sie es erneut hinzufügen.',
  'error.cancelled': 'Die Anfrage wurde abgebrochen.',
  'error.answer_cut_off': 'Die Verbindung brach ab, während der Dienst antwortete. Bitte versuchen Sie es erneut.',
  'error.values_refused': 'Der Dienst hat die gesendeten Werte abgelehnt.',
  'error.key_refused':
    'Der Dienst hat den API-Schlüssel dieser Umgebung abgelehnt. Prüfen oder ersetzen Sie ihn in den Einstellungen.',
  'error.not_on_service': 'Der Dienst kennt dieses Tier nicht.',
  'error.operation_gone': 'Der Dienst bietet diese Funktion nicht mehr an.',
  'error.busy': 'Der Dienst ist mit zu vielen Anfragen beschäftigt. Versuchen Sie es gleich noch einmal.',
  'error.busyFor':
    'Der Dienst ist mit zu vielen Anfragen beschäftigt. Versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
  'error.asked_to_wait':
    'Der Dienst hat die App gebeten zu warten. Versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
  'error.service_failed': 'Beim Dienst ist ein Fehler aufgetreten (HTTP {status}). Versuchen Sie es später erneut.',
  'error.unexpected_status': 'Der Dienst hat unerwartet geantwortet (HTTP {status}).',
  'error.unreadable_answer': 'Der Dienst hat eine Antwort gesendet, die die App nicht lesen kann.',
  'error.answer_too_large':
    'Der Dienst hat eine Antwort gesendet, die größer ist, als die App liest (über {megabytes} MB); die App hat aufgehört, sie zu lesen. Diese Adresse ist vielleicht kein Petstore-Dienst: Prüfen Sie sie in den Einstellungen.',
  'error.next_page_elsewhere':
    'Diese nächste Seite liegt nicht beim Dienst dieser Umgebung; die App hat sie nicht angefordert.',
  'error.redirected':
    'Die Adresse des Dienstes leitet die App an eine andere Adresse weiter. Die App folgt ihr nicht, da der API-Schlüssel mitginge: Prüfen Sie die Adresse in den Einstellungen.',
  'error.serviceSaid': 'Der Dienst meldet: „{words}“',
  'error.no_key': 'Für diese Umgebung gibt es noch keinen API-Schlüssel. Geben Sie ihn in den Einstellungen ein.',
  'error.key_for_old_address':
    'Die Adresse des Dienstes hat sich geändert, seit der API-Schlüssel eingegeben wurde. Geben Sie den Schlüssel für die neue Adresse in den Einstellungen erneut ein.',
  'error.keychain_save':
    'Der Schlüsselbund des Systems konnte den Schlüssel nicht speichern. Prüfen Sie, ob er entsperrt ist, und versuchen Sie es erneut.',
  'error.keychain_remove':
    'Der Schlüsselbund des Systems konnte den Schlüssel nicht entfernen. Prüfen Sie, ob er entsperrt ist, und versuchen Sie es erneut.',
  'error.invalid_value': 'Einige Werte sind ungültig.',
  'error.managed_hidden': 'Von Ihrer Organisation verwaltet: Diese Umgebung ist auf diesem Computer ausgeschaltet.',
  'error.managed_address':
    'Von Ihrer Organisation verwaltet: Die Adresse für {environment} ist auf diesem Computer fest vorgegeben.',
  'error.managed_key': 'Von Ihrer Organisation verwaltet: Der Schlüssel dieser Umgebung gilt nur für {origin}.',
  'error.managed_administration':
    'Von Ihrer Organisation verwaltet: Adressen und Schlüssel legt die IT auf diesem Computer fest.',
  'error.no_demo_key':
    'Der eigene Schlüssel des Demo-Dienstes ist dieser Sitzung nicht bekannt. Starten Sie die App mit `npm start`.',
  'error.no_animal_with_id': 'Kein Tier mit der ID {id} beim Dienst.',
  'error.not_in_catalogue':
    'Im Katalog des Ladens auf diesem Computer ist kein Tier mit der ID {id}. Aktualisieren Sie die Liste, um ihn auf den neuesten Stand zu bringen.',
  'error.not_in_capped_catalogue': 'Der Dienst zeigt höchstens 100 Tiere je Status, daher können hier Tiere fehlen.',
  'error.unreachable_not_in_catalogue':
    'Der Dienst ist nicht erreichbar, und im Katalog des Ladens auf diesem Computer ist kein Tier mit der ID {id}. Prüfen Sie die Netzwerkverbindung oder versuchen Sie es später erneut.',
  'error.failed_not_in_catalogue':
    'Der Dienst konnte nicht antworten, und im Katalog des Ladens auf diesem Computer ist kein Tier mit der ID {id}. Versuchen Sie es später erneut.',
  'error.not_in_partial_copy':
    'Der Dienst hat nicht geantwortet, und die Kopie des Ladens auf diesem Computer ist nicht vollständig: Das Tier {id} kann darin fehlen. Versuchen Sie es später erneut.',
  'error.outbox_item_busy':
    'Dieses Tier wird gerade gesendet oder wurde gesendet; es kann jetzt nicht geändert werden.',
  'error.outbox_item_check_first':
    'Dieses Tier wurde vielleicht schon angelegt: Prüfen Sie es zuerst. Wurde es nicht angelegt, ändern Sie es danach.',
  'error.outbox_item_not_looked_up':
    'Die App hat dieses Tier noch nicht im Laden gesucht (dafür braucht es den Dienst). Senden, ändern oder bestätigen Sie es, sobald die Prüfung zeigt, was der Laden führt.',
  'error.outbox_item_gone': 'Dieses Tier ist nicht mehr unter „Noch nicht gesendet“.',
  'error.outbox_save_failed':
    'Die App konnte die wartenden Tiere nicht auf dem Datenträger speichern. Prüfen Sie den freien Speicherplatz.',
  'error.outbox_read_only': 'In dieser Sitzung wird nichts gesendet oder hinzugefügt; der Hinweis nennt den Grund.',
  'error.send_failed': 'Das Senden ist unerwartet fehlgeschlagen.',
  'error.unknown_request': 'Die App hat eine Anfrage gestellt, die sie nicht kennt. Details stehen im Protokoll.',
  'error.refused_sender': 'Abgelehnt: Diese Anfrage kam nicht von der eigenen Seite von Petstore Counter.',
  'error.lost_contact': 'Die App hat den Kontakt zu ihrem Hintergrundprozess verloren. Starten Sie die App neu.',
  'error.internal': 'In der App ist etwas schiefgegangen. Details stehen im Protokoll.',

  'field.invalid': 'Dieser Wert ist ungültig',
  'field.managed': 'Von Ihrer Organisation verwaltet',
  'field.address_missing': 'Geben Sie die Adresse des Dienstes ein',
  'field.address_not_web': 'Keine Webadresse: Sie beginnt mit https:// und endet auf /v1',
  'field.address_scheme': 'Die Adresse muss mit https:// beginnen',
  'field.address_plain_http':
    'Verwenden Sie https:// — einfaches http:// ist nur für diesen Computer (localhost) erlaubt',
  'field.address_credentials': 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten',
  'field.address_query': 'Die Adresse darf kein ? und kein # enthalten',
  'field.address_version': 'Die Adresse muss auf /v1 enden',
  'field.key_missing': 'Geben Sie den API-Schlüssel ein',
  'field.key_too_long': 'Das ist zu lang für einen API-Schlüssel',
  'field.key_characters': 'Ein API-Schlüssel enthält keine Leer- oder Sonderzeichen',
  'field.category_id_range': 'Eine Kategorie-ID ist eine ganze Zahl ab 1',
  'field.label_missing': 'Geben Sie einen Namen ein',
  'field.label_too_long': 'Höchstens 60 Zeichen',
  'field.label_taken': 'Eine andere Kategorie hat schon diesen Namen',

  'notice.keychain_unreadable':
    'Der Schlüsselbund des Systems konnte nicht gelesen werden, daher ist kein API-Schlüssel verfügbar. Entsperren Sie ihn oder geben Sie den Schlüssel in den Einstellungen erneut ein.',
  'notice.policy_unreadable':
    'Die Richtlinie in {path} konnte nicht gelesen werden ({problem, select, folder {sie ist ein Ordner, keine Datei} permission {dieser Benutzer darf sie nicht lesen} other {{detail}}}). Bis sie lesbar ist, wählt die App die sichere Seite: Jede Adresse bleibt, wie sie ist, und kann nicht geändert werden, Updates sind aus und die Demo ist ausgeblendet.',
  'notice.policy_not_json':
    'Die Richtlinie in {path} ist kein JSON ({detail}). Bis sie es ist, wählt die App die sichere Seite: Jede Adresse bleibt, wie sie ist, und kann nicht geändert werden, Updates sind aus und die Demo ist ausgeblendet.',
  'notice.policy_invalid':
    'Die Richtlinie in {path} enthält Felder, die die App nicht lesen kann: {fields} ({detail}). Alles andere darin gilt; für diese Felder wählt die App die sichere Seite (eine Sperre bleibt bestehen, Updates bleiben aus, die Demo bleibt ausgeblendet).',
  'notice.policy_bad_address':
    'Die Richtlinie in {path} enthält eine Adresse, die die App nicht verwenden kann ({at}: {fieldProblem}). Alles andere darin gilt; eine gesperrte Umgebung bleibt bei ihrer bisherigen Adresse gesperrt.',
  'notice.file_unreadable':
    'Die {file, select, settings {Einstellungsdatei} catalogue {Kopie des Katalogs} other {Datei der Kategorienamen}} konnte nicht gelesen werden ({problem, select, not_json {sie ist kein gültiges JSON} newer_version {sie stammt von einer neueren Version der App} unknown_version {ihre Version kennt die App nicht} other {sie enthält Daten, die die App nicht erkennt}}), daher hat die App neu begonnen. Die alte Datei wurde als {backup} aufbewahrt.',
  'notice.file_partly_read':
    '{file, select, catalogue {Die Kopie des Katalogs konnte nur bis Seite {parts} gelesen werden: Die Tiere davor werden angezeigt, der Rest kommt mit dem nächsten Abgleich.} other {Ein Teil der {file, select, settings {Einstellungen} other {Kategorienamen}} konnte nicht gelesen werden ({parts}); dieser Teil ist wieder auf seinem Standard, alles andere blieb erhalten.}} Die Datei, wie sie war, wurde als {backup} aufbewahrt.',
  'notice.file_newer_version':
    'Die {file, select, settings {Einstellungsdatei} other {Datei der Kategorienamen}} stammt von einer neueren Version der App. Diese Version lässt sie, wie sie ist, und verwendet, was sie daraus lesen kann; Änderungen gelten jetzt nur, bis die App geschlossen wird.',
  'notice.file_not_saved':
    'Die App konnte {file, select, settings {die Einstellungen} catalogue {die Kopie des Katalogs} categories {die Kategorienamen} other {die wartenden Tiere}} nicht speichern. Prüfen Sie freien Platz und Schreibrechte des App-Ordners; Änderungen seitdem können beim Schließen verloren gehen.',
  'notice.outbox_record_unreadable':
    '{named, select, yes {Das wartende Tier „{name}“} other {Ein beschädigtes Stück}} war in der Datei der wartenden Tiere unlesbar; es wurde unverändert in {backup} aufbewahrt und nicht gesendet.',
  'notice.outbox_newer_version':
    'Die Liste der wartenden Tiere wurde von Version {version} der App geschrieben. Diese Version lässt sie unverändert und kann keine Tiere hinzufügen; senden Sie sie mit Version {version} oder neuer.',
  'notice.outbox_not_set_aside':
    'Wartende Tiere waren unlesbar und konnten nicht als {backup} beiseitegelegt werden. Bis zum Neustart bleibt die Datei unverändert; nichts wird gesendet oder hinzugefügt. Schaffen Sie Platz oder verschieben Sie {backup}.',

  'environmentName.production': 'Produktion',
  'environmentName.staging': 'Staging',
  'environmentName.demo': 'Demo (lokal)',
};
