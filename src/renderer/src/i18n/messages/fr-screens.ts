import type { ScreensCatalogue } from './en';

/** French, second part: merged into `fr` in `fr.ts`; the same typography (\u00a0 before « : ? »). */
export const frScreens: ScreensCatalogue = {
  'common.close': 'Fermer',
  'add.title': 'Ajouter un animal',
  'add.closeLabel': 'Fermer le formulaire d’ajout',
  'add.name': 'Nom',
  'add.counter': '{count} / {max} caractères',
  'add.tooLong': 'Un nom compte au plus {max} caractères\u00a0: retirez-en {excess}',
  'add.category': 'Catégorie',
  'add.categoryPlaceholder': 'Un nom ou son identifiant',
  'add.status': 'Statut',
  'add.statusServiceDecides': 'Par défaut',
  'add.submit': 'Ajouter l’animal',
  'add.adding': 'Ajout en cours…',
  'add.added': '{name} (identifiant {id}) a été ajouté à {environment}.',
  'add.savedQueued': 'Enregistré, sera envoyé plus tard\u00a0: {name}',
  'add.sent': 'Envoyé — {name} a maintenant l’identifiant {id}.',
  'add.notAdded': '{name} n’a pas été ajouté à {environment}. {reason}',
  'add.needsCheck': '{name} est à vérifier dans «\u00a0En attente d’envoi\u00a0».',

  'validate.nameRequired': 'Le nom est obligatoire',
  'validate.nameTooLong': 'Le nom compte au plus {max} caractères',
  'validate.nameBroken': 'Le nom contient un caractère invalide (un demi-emoji)\u00a0: saisissez-le à nouveau',
  'validate.categoryMissing': 'Choisissez une catégorie ou saisissez son identifiant',
  'validate.categoryNotNumber':
    'Choisissez une catégorie dans la liste ou saisissez son identifiant (un nombre entier)',
  'validate.categoryRange':
    'Un identifiant de catégorie est un nombre entier à partir de 1, de 19\u00a0chiffres au plus',
  'validate.idMissing': 'Saisissez un identifiant, par exemple 42',
  'validate.notANumber': 'Saisissez un nombre entier, par exemple 42',
  'validate.idTooLarge': 'Trop grand pour un identifiant\u00a0: 9223372036854775807 au plus',
  'validate.categoryTooLarge': 'Trop grand pour un identifiant de catégorie\u00a0: 9223372036854775807 au plus',
  'validate.idSpaces':
    'Un identifiant ne contient pas d’espace\u00a0: saisissez ses chiffres à la suite, par exemple 12345',

  'lookup.title': 'Chercher par identifiant',
  'lookup.deprecated': 'obsolète',
  'lookup.removedOn': 'La recherche par identifiant a été retirée le {date}',
  'lookup.removedReason':
    'L’application n’interroge plus le service\u00a0; elle cherche dans le catalogue de la boutique sur cet ordinateur.',
  'lookup.goneReason':
    'Le service ne propose plus la recherche par ID\u00a0: l’app cherche dans le catalogue de la boutique sur cet ordinateur.',
  'lookup.outOfDate': 'Cette copie n’est peut-être plus à jour.',
  'lookup.stopsOn': 'La recherche par identifiant cessera de fonctionner le {date}',
  'lookup.stopsOnDaysLeft': 'La recherche par identifiant cessera de fonctionner le {date} — {daysLeft}',
  'lookup.retiring': 'Le service retire cette recherche : utilisez plutôt la recherche de la liste.',
  'lookup.switch': 'Utiliser la liste',
  'lookup.id': 'Identifiant de l’animal',
  'lookup.submit': 'Chercher',
  'lookup.looking': 'Recherche…',
  'lookup.unconfirmed': 'Du catalogue de cet ordinateur, pas encore confirmé par le service.',
  'lookup.savedCopy':
    'Copie{timed, select, yes { ({time})} other {}} — {why, select, retired {le service ne répond plus à cette recherche} unreachable {le service était injoignable ({at})} key {cet environnement n’a pas de clé d’API valide} other {le service n’a pas pu répondre}}, ces données viennent donc du catalogue de la boutique sur cet ordinateur. Elles ont pu changer depuis.',

  'key.refusedTitle': 'Le service a refusé la clé d’API pour {environment}',
  'key.missingTitle': 'Pas encore de clé d’API pour {environment}',
  'key.refusedText': 'Saisissez une clé valide pour continuer.',
  'key.missingText':
    'L’application a besoin de la clé d’API de cet environnement pour afficher ou ajouter des animaux.',
  'key.enter': 'Saisir la clé d’API',
  'key.useDemo': 'Utiliser plutôt l’environnement de démonstration',

  'detail.readFrom': 'Source',
  'detail.notSent': 'Ce comptoir, pas encore envoyé (ajouté {since})\u00a0: {state}',
  'detail.sentHere':
    'Ajouté depuis ce comptoir\u00a0; le catalogue de la boutique le liste à la prochaine synchronisation',
  'detail.catalogue': 'Le catalogue de la boutique sur cet ordinateur, synchronisé {age}',
  'detail.catalogueUnsynced': 'Le catalogue de la boutique sur cet ordinateur, pas encore synchronisé',
  'detail.noId': 'aucun pour l’instant (pas envoyé)',
  'detail.copy': 'Copier l’identifiant',
  'detail.copied': 'Identifiant {id} copié.',
  'detail.copyFailed': 'Impossible de copier l’identifiant\u00a0; sélectionnez-le et appuyez sur Ctrl+C.',

  'outbox.title': 'En attente d’envoi',
  'outbox.sent': 'Envoyés',
  'outbox.nothingWaiting': 'Rien en attente\u00a0: tous les animaux ci-dessous ont été envoyés.',
  'outbox.noMatch': 'Aucun animal de ce nom et de cette catégorie ne figure sur le service pour l’instant.',
  'outbox.noMatchCapped':
    'Aucun animal de ce nom et de cette catégorie parmi ceux que liste le service — il en liste au plus 100 par statut, il peut donc exister malgré tout\u00a0: vérifiez dans le système de la boutique avant de renvoyer.',
  'outbox.partUnread':
    'Une partie seulement de la boutique a pu être lue (le service échoue sur le reste)\u00a0: un animal qui n’apparaît pas ici peut exister malgré tout.',
  'outbox.staleKnown':
    'La boutique n’a pas pu être lue quand il a été ajouté\u00a0: un animal de ce nom ajouté peu avant à un autre comptoir peut figurer parmi eux.',
  'outbox.sentElsewhere':
    'Il a été envoyé à une autre adresse que celle de cet environnement maintenant, peut-être une autre boutique\u00a0: «\u00a0Renvoyer\u00a0» l’ajoute ici comme un nouvel animal.',
  'outbox.lookingUp': 'Recherche dans la boutique — il faut le service. D’ici là, ni renvoi ni confirmation.',
  'outbox.onService': 'À comparer, sur le service actuellement\u00a0: {ids}',
  'outbox.serviceId': 'identifiant {id}',
  'outbox.change': 'Modifier {name}',
  'outbox.name': 'Nom',
  'outbox.save': 'Enregistrer',
  'outbox.cancel': 'Annuler',
  'outbox.confirm': 'Il a bien été créé',
  'outbox.confirmLabel': 'Il a bien été créé\u00a0: {name}',
  'outbox.sendNow': 'Envoyer maintenant',
  'outbox.sendAgain': 'Renvoyer',
  'outbox.actionLabel': '{action}\u00a0: {name}',
  'outbox.edit': 'Modifier',
  'outbox.editLabel': 'Modifier {name}',
  'outbox.discard': 'Abandonner',
  'outbox.discardLabel': 'Abandonner {name}',
  'outbox.discardQuestion': 'Abandonner {name}\u00a0? Il ne sera pas envoyé.',
  'outbox.discardYes': 'Oui, abandonner',
  'outbox.discardYesLabel': 'Oui, abandonner {name}',
  'outbox.keep': 'Garder',
  'outbox.keepLabel': 'Garder {name}',
  'outbox.waiting': 'En attente d’envoi',
  'outbox.waitingTried': 'En attente d’envoi — {count, plural, one {# essai jusqu’ici} other {# essais jusqu’ici}}',
  'outbox.sending': 'Envoi en cours…',
  'outbox.sentId': 'Envoyé — identifiant {id}',
  'outbox.sentConfirmed': 'Envoyé (confirmé par vous)',
  'outbox.refused': 'Refusé par le service\u00a0: {reason}',
  'outbox.noReason': 'aucune raison donnée',
  'outbox.needsCheck': 'À vérifier\u00a0: il a peut-être déjà été ajouté.',

  'date.dayAndTime': '{date} à {time}',
  'date.daysLeft': '{count, plural, one {{days} jour restant} other {{days} jours restants}}',
  'date.removedToday': 'retirée aujourd’hui',
  'date.removedAgo': '{count, plural, one {retirée il y a {days} jour} other {retirée il y a {days} jours}}',

  'app.startError': 'L’application n’a pas pu démarrer\u00a0: {reason}',
  'app.starting': 'Démarrage…',

  'keys.control': 'Ctrl+{key}',
  'keys.command': '⌘+{key}',
  'keys.escape': 'Échap',
};
