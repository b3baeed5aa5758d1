/**
 * What the shell says outside the page: its dialogs, menu names and the save
 * dialog's file type, in ICU MessageFormat like the renderer's catalogue. The
 * English one names the ids; the others must have every one (the typecheck
 * says which is missing).
 */
export const shellEn = {
  'environment.production': 'Production',
  'environment.staging': 'Staging',
  'environment.demo': 'Demo (local)',
  'keyOrigin.title': 'Send the API key to a new address?',
  'keyOrigin.message': 'The {environment} address now points to {to}.',
  'keyOrigin.detail':
    'Its API key was entered for {from}. Send that key to {to} from now on? If you are not sure, enter the key again in Settings instead.',
  'keyOrigin.use': 'Use the key for {to}',
  'keyOrigin.enterAgain': 'Enter the key again',
  'quit.title': 'Animals not sent yet',
  'quit.message':
    '{count, plural, one {# animal is not sent to the service yet.} other {# animals are not sent to the service yet.}}',
  'quit.detail':
    'They stay saved on this computer and are sent the next time the app runs and the service can be reached.',
  'quit.quit': 'Quit anyway',
  'quit.keepOpen': 'Keep the app open',
  'update.title': 'Update ready',
  'update.message': 'Petstore Counter {version} is ready to install.',
  'update.detail':
    'Restart now to use it, or later: it is installed the next time the app quits. Animals not sent yet stay saved on this computer and are sent after the restart.',
  'update.waiting':
    '{count, plural, one {# animal is being sent: the app restarts once it is sent.} other {# animals are being sent: the app restarts once they are sent.}}',
  'update.restart': 'Restart now',
  'update.later': 'Later',
  'menu.view': 'View',
  'menu.help': 'Help',
  'save.csv': 'CSV (comma-separated values)',
  'dataInUse.title': 'Petstore Counter is already running',
  'dataInUse.message':
    'Its data folder ({folder}) is in use by another copy of Petstore Counter (process {pid}). Close that one, then start the app again.',
  'startFailed.title': 'Petstore Counter could not start',
  'startFailed.message':
    'Something went wrong as it started: {problem}. Its data folder is {folder}: check that it can be read and written, then start the app again.',
} as const;

export type ShellMessageId = keyof typeof shellEn;
type ShellCatalogue = Record<ShellMessageId, string>;

export const shellDe: ShellCatalogue = {
  'environment.production': 'Produktion',
  'environment.staging': 'Staging',
  'environment.demo': 'Demo (lokal)',
  'keyOrigin.title': 'Den API-Schlüssel an eine neue Adresse senden?',
  'keyOrigin.message': 'Die Adresse für {environment} zeigt jetzt auf {to}.',
  'keyOrigin.detail':
    'Ihr API-Schlüssel wurde für {from} eingegeben. Diesen Schlüssel ab jetzt an {to} senden? Wenn Sie unsicher sind, geben Sie den Schlüssel stattdessen in den Einstellungen erneut ein.',
  'keyOrigin.use': 'Schlüssel für {to} verwenden',
  'keyOrigin.enterAgain': 'Schlüssel neu eingeben',
  'quit.title': 'Tiere noch nicht gesendet',
  'quit.message':
    '{count, plural, one {# Tier ist noch nicht an den Dienst gesendet.} other {# Tiere sind noch nicht an den Dienst gesendet.}}',
  'quit.detail':
    'Sie bleiben auf diesem Computer gespeichert und werden gesendet, sobald die App wieder läuft und der Dienst erreichbar ist.',
  'quit.quit': 'Trotzdem beenden',
  'quit.keepOpen': 'App geöffnet lassen',
  'update.title': 'Update bereit',
  'update.message': 'Petstore Counter {version} ist bereit zur Installation.',
  'update.detail':
    'Jetzt neu starten, um es zu nutzen, oder später: Es wird installiert, wenn die App das nächste Mal beendet wird. Noch nicht gesendete Tiere bleiben auf diesem Computer gespeichert und werden nach dem Neustart gesendet.',
  'update.waiting':
    '{count, plural, one {# Tier wird gerade gesendet: Die App startet neu, sobald es gesendet ist.} other {# Tiere werden gerade gesendet: Die App startet neu, sobald sie gesendet sind.}}',
  'update.restart': 'Jetzt neu starten',
  'update.later': 'Später',
  'menu.view': 'Ansicht',
  'menu.help': 'Hilfe',
  'save.csv': 'CSV (kommagetrennte Werte)',
  'dataInUse.title': 'Petstore Counter läuft bereits',
  'dataInUse.message':
    'Sein Datenordner ({folder}) wird von einer anderen Instanz von Petstore Counter verwendet (Prozess {pid}). Schließen Sie diese und starten Sie die App dann erneut.',
  'startFailed.title': 'Petstore Counter konnte nicht starten',
  'startFailed.message':
    'Beim Start ist ein Fehler aufgetreten: {problem}. Der Datenordner ist {folder}: Prüfen Sie, ob er gelesen und beschrieben werden kann, und starten Sie die App dann erneut.',
};

export const shellFr: ShellCatalogue = {
  'environment.production': 'Production',
  'environment.staging': 'Préproduction',
  'environment.demo': 'Démo (locale)',
  'keyOrigin.title': 'Envoyer la clé d’API à une nouvelle adresse\u00a0?',
  'keyOrigin.message': 'L’adresse de {environment} pointe maintenant vers {to}.',
  'keyOrigin.detail':
    'Sa clé d’API a été saisie pour {from}. Envoyer désormais cette clé à {to}\u00a0? En cas de doute, saisissez plutôt la clé à nouveau dans les réglages.',
  'keyOrigin.use': 'Utiliser la clé pour {to}',
  'keyOrigin.enterAgain': 'Saisir la clé à nouveau',
  'quit.title': 'Animaux pas encore envoyés',
  'quit.message':
    '{count, plural, one {# animal n’est pas encore envoyé au service.} other {# animaux ne sont pas encore envoyés au service.}}',
  'quit.detail':
    'Ils restent enregistrés sur cet ordinateur et seront envoyés au prochain lancement de l’app, dès que le service sera joignable.',
  'quit.quit': 'Quitter quand même',
  'quit.keepOpen': 'Garder l’app ouverte',
  'update.title': 'Mise à jour prête',
  'update.message': 'Petstore Counter {version} est prêt à être installé.',
  'update.detail':
    'Redémarrez maintenant pour l’utiliser, ou plus tard\u00a0: il sera installé la prochaine fois que l’app se fermera. Les animaux pas encore envoyés restent enregistrés sur cet ordinateur et seront envoyés après le redémarrage.',
  'update.waiting':
    '{count, plural, one {# animal est en cours d’envoi\u00a0: l’app redémarrera une fois qu’il sera envoyé.} other {# animaux sont en cours d’envoi\u00a0: l’app redémarrera une fois qu’ils seront envoyés.}}',
  'update.restart': 'Redémarrer maintenant',
  'update.later': 'Plus tard',
  'menu.view': 'Affichage',
  'menu.help': 'Aide',
  'save.csv': 'CSV (valeurs séparées par des virgules)',
  'dataInUse.title': 'Petstore Counter est déjà ouvert',
  'dataInUse.message':
    'Son dossier de données ({folder}) est utilisé par une autre instance de Petstore Counter (processus {pid}). Fermez-la, puis relancez l’app.',
  'startFailed.title': 'Petstore Counter n’a pas pu démarrer',
  'startFailed.message':
    'Une erreur est survenue au démarrage : {problem}. Son dossier de données est {folder} : vérifiez qu’il peut être lu et modifié, puis relancez l’app.',
};

export const shellEs: ShellCatalogue = {
  'environment.production': 'Producción',
  'environment.staging': 'Preproducción',
  'environment.demo': 'Demo (local)',
  'keyOrigin.title': '¿Enviar la clave de API a una dirección nueva?',
  'keyOrigin.message': 'La dirección de {environment} apunta ahora a {to}.',
  'keyOrigin.detail':
    'Su clave de API se introdujo para {from}. ¿Enviar esa clave a {to} a partir de ahora? Si no está seguro, vuelva a introducir la clave en Ajustes.',
  'keyOrigin.use': 'Usar la clave para {to}',
  'keyOrigin.enterAgain': 'Volver a introducir la clave',
  'quit.title': 'Animales sin enviar',
  'quit.message':
    '{count, plural, one {# animal aún no se ha enviado al servicio.} other {# animales aún no se han enviado al servicio.}}',
  'quit.detail':
    'Siguen guardados en este equipo y se enviarán la próxima vez que la app se abra y el servicio esté disponible.',
  'quit.quit': 'Salir de todos modos',
  'quit.keepOpen': 'Mantener la app abierta',
  'update.title': 'Actualización lista',
  'update.message': 'Petstore Counter {version} está listo para instalarse.',
  'update.detail':
    'Reinicie ahora para usarlo, o más tarde: se instalará la próxima vez que la app se cierre. Los animales aún no enviados quedan guardados en este equipo y se enviarán después del reinicio.',
  'update.waiting':
    '{count, plural, one {# animal se está enviando: la app se reiniciará cuando se haya enviado.} other {# animales se están enviando: la app se reiniciará cuando se hayan enviado.}}',
  'update.restart': 'Reiniciar ahora',
  'update.later': 'Más tarde',
  'menu.view': 'Ver',
  'menu.help': 'Ayuda',
  'save.csv': 'CSV (valores separados por comas)',
  'dataInUse.title': 'Petstore Counter ya está abierto',
  'dataInUse.message':
    'Otra instancia de Petstore Counter (proceso {pid}) está usando su carpeta de datos ({folder}). Ciérrela y vuelva a abrir la app.',
  'startFailed.title': 'Petstore Counter no pudo iniciarse',
  'startFailed.message':
    'Algo falló al iniciarse: {problem}. Su carpeta de datos es {folder}: compruebe que se puede leer y escribir en ella y vuelva a abrir la app.',
};
