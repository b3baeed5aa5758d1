import type { ErrorsCatalogue } from './en-errors';

/** French, third part: the core's codes and the environments' names. */
export const frErrors: ErrorsCatalogue = {
  'error.offline': 'Cet ordinateur est hors ligne. L’app continue avec ce qu’elle a enregistré.',
  'error.unreachable':
    'Le service est injoignable. Vérifiez la connexion réseau\u00a0; l’app continue avec ce qu’elle a enregistré.',
  'error.address_not_found':
    'L’adresse du service est introuvable. Vérifiez la connexion réseau et l’adresse dans les réglages.',
  'error.connection_lost':
    'La connexion au service a été perdue. Si vous ajoutiez un animal, vérifiez la liste avant de l’ajouter à nouveau.',
  'error.timeout':
    'Le service n’a pas répondu à temps. Si vous ajoutiez un animal, vérifiez la liste avant de l’ajouter à nouveau.',
  'error.cancelled': 'La demande a été annulée.',
  'error.answer_cut_off': 'La connexion a été coupée pendant la réponse du service. Veuillez réessayer.',
  'error.values_refused': 'Le service a refusé les valeurs envoyées.',
  'error.key_refused':
    'Le service a refusé la clé d’API de cet environnement. Vérifiez-la ou remplacez-la dans les réglages.',
  'error.not_on_service': 'Le service ne connaît pas cet animal.',
  'error.operation_gone': 'Le service ne propose plus cette opération.',
  'error.busy': 'Le service reçoit trop de demandes. Réessayez dans un instant.',
  'error.busyFor':
    'Le service reçoit trop de demandes. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.',
  'error.asked_to_wait':
    'Le service a demandé à l’app d’attendre. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.',
  'error.service_failed': 'Le service a rencontré un problème (HTTP {status}). Réessayez plus tard.',
  'error.unexpected_status': 'Le service a donné une réponse inattendue (HTTP {status}).',
  'error.unreadable_answer': 'Le service a envoyé une réponse que l’app ne peut pas lire.',
  'error.answer_too_large':
    'Le service a envoyé une réponse plus grande que ce que l’app lit (plus de {megabytes}\u00a0Mo)\u00a0; l’app a cessé de la lire. Cette adresse n’est peut-être pas un service Petstore\u00a0: vérifiez-la dans les réglages.',
  'error.next_page_elsewhere':
    'Cette page suivante n’est pas sur le service de cet environnement\u00a0; l’app ne l’a pas demandée.',
  'error.redirected':
    'L’adresse du service renvoie l’app vers une autre adresse. L’app ne la suit pas, car la clé d’API partirait avec elle\u00a0: vérifiez l’adresse dans les réglages.',
  'error.serviceSaid': 'Le service a répondu\u00a0: «\u00a0{words}\u00a0»',
  'error.no_key': 'Cet environnement n’a pas encore de clé d’API. Saisissez-en une dans les réglages.',
  'error.key_for_old_address':
    'L’adresse du service a changé depuis la saisie de la clé d’API. Saisissez à nouveau la clé pour la nouvelle adresse dans les réglages.',
  'error.keychain_save':
    'Le trousseau du système n’a pas pu enregistrer la clé. Vérifiez qu’il est déverrouillé et réessayez.',
  'error.keychain_remove':
    'Le trousseau du système n’a pas pu supprimer la clé. Vérifiez qu’il est déverrouillé et réessayez.',
  'error.invalid_value': 'Certaines valeurs ne sont pas valides.',
  'error.managed_hidden': 'Géré par votre organisation\u00a0: cet environnement est désactivé sur cet ordinateur.',
  'error.managed_address':
    'Géré par votre organisation\u00a0: l’adresse de {environment} est fixée sur cet ordinateur.',
  'error.managed_key': 'Géré par votre organisation\u00a0: la clé de cet environnement ne vaut que pour {origin}.',
  'error.managed_administration':
    'Géré par votre organisation\u00a0: les adresses et les clés sont fixées par l’informatique sur cet ordinateur.',
  'error.no_demo_key':
    'La clé propre au service de démonstration n’est pas connue de cette session. Lancez l’application avec `npm start`.',
  'error.no_animal_with_id': 'Aucun animal avec l’ID {id} sur le service.',
  'error.not_in_catalogue':
    'Aucun animal avec l’ID {id} dans le catalogue de la boutique sur cet ordinateur. Actualisez la liste pour le mettre à jour.',
  'error.not_in_capped_catalogue':
    'Le service montre au plus 100 animaux par statut\u00a0: certains animaux peuvent donc manquer ici.',
  'error.unreachable_not_in_catalogue':
    'Le service est injoignable et aucun animal avec l’ID {id} ne figure dans le catalogue de la boutique sur cet ordinateur. Vérifiez la connexion réseau ou réessayez plus tard.',
  'error.failed_not_in_catalogue':
    'Le service n’a pas pu répondre et aucun animal avec l’ID {id} ne figure dans le catalogue de la boutique sur cet ordinateur. Réessayez plus tard.',
  'error.not_in_partial_copy':
    'Le service n’a pas répondu et la copie de la boutique sur cet ordinateur n’est pas complète\u00a0: l’animal {id} peut y manquer. Réessayez plus tard.',
  'error.outbox_item_busy':
    'Cet animal est en cours d’envoi ou a été envoyé\u00a0; il ne peut pas être modifié maintenant.',
  'error.outbox_item_check_first':
    'Cet animal a peut-être déjà été ajouté\u00a0: vérifiez-le d’abord. S’il n’a pas été créé, modifiez-le ensuite.',
  'error.outbox_item_not_looked_up':
    'L’application n’a pas encore cherché cet animal dans la boutique (il faut pour cela le service). Renvoyez-le, modifiez-le ou confirmez-le quand la vérification montre ce que la boutique contient.',
  'error.outbox_item_gone': 'Cet animal n’est plus dans la file d’envoi.',
  'error.outbox_save_failed':
    'L’app n’a pas pu enregistrer les animaux en attente sur le disque. Vérifiez l’espace disque libre.',
  'error.outbox_read_only':
    'La liste des animaux en attente ne peut pas être modifiée pendant cette session (l’avis explique pourquoi)\u00a0; aucun animal ne peut être ajouté pour l’instant.',
  'error.send_failed': 'L’envoi a échoué de façon inattendue.',
  'error.unknown_request': 'L’app a fait une demande qu’elle ne connaît pas. Les détails sont dans le journal.',
  'error.refused_sender': 'Refusé\u00a0: cette demande ne vient pas de la page de Petstore Counter.',
  'error.lost_contact': 'L’app a perdu le contact avec son processus d’arrière-plan. Redémarrez l’app.',
  'error.internal': 'Un problème est survenu dans l’app. Les détails sont dans le journal.',

  'field.invalid': 'Cette valeur n’est pas valide',
  'field.managed': 'Géré par votre organisation',
  'field.address_missing': 'Saisissez l’adresse du service',
  'field.address_not_web': 'Pas une adresse web\u00a0: elle commence par https:// et se termine par /v1',
  'field.address_scheme': 'L’adresse doit commencer par https://',
  'field.address_plain_http': 'Utilisez https:// — http:// simple n’est permis que pour cet ordinateur (localhost)',
  'field.address_credentials': 'L’adresse ne doit contenir ni nom d’utilisateur ni mot de passe',
  'field.address_query': 'L’adresse ne doit contenir ni ? ni #',
  'field.address_version': 'L’adresse doit se terminer par /v1',
  'field.key_missing': 'Saisissez la clé d’API',
  'field.key_too_long': 'C’est trop long pour une clé d’API',
  'field.key_characters': 'Une clé d’API ne contient ni espaces ni caractères spéciaux',
  'field.category_id_range': 'Un ID de catégorie est un nombre entier à partir de 1',
  'field.label_missing': 'Saisissez un nom',
  'field.label_too_long': '60 caractères au plus',
  'field.label_taken': 'Une autre catégorie porte déjà ce nom',

  'notice.keychain_unreadable':
    'Le trousseau du système n’a pas pu être lu\u00a0: aucune clé d’API n’est disponible. Déverrouillez-le ou saisissez à nouveau la clé dans les réglages.',
  'notice.policy_unreadable':
    'La stratégie dans {path} n’a pas pu être lue ({problem, select, folder {c’est un dossier, pas un fichier} permission {cet utilisateur n’a pas le droit de la lire} other {{detail}}}). En attendant, l’app choisit la prudence\u00a0: chaque adresse reste telle quelle et ne peut pas être modifiée, les mises à jour sont désactivées et la démo est masquée.',
  'notice.policy_not_json':
    'La stratégie dans {path} n’est pas du JSON ({detail}). En attendant, l’app choisit la prudence\u00a0: chaque adresse reste telle quelle et ne peut pas être modifiée, les mises à jour sont désactivées et la démo est masquée.',
  'notice.policy_invalid':
    'La stratégie dans {path} contient des champs que l’app ne peut pas lire\u00a0: {fields} ({detail}). Tout le reste s’applique\u00a0; pour ces champs, l’app choisit la prudence (un verrou reste verrouillé, les mises à jour restent désactivées, la démo reste masquée).',
  'notice.policy_bad_address':
    'La stratégie dans {path} contient une adresse que l’app ne peut pas utiliser ({at}\u00a0: {fieldProblem}). Tout le reste s’applique\u00a0; un environnement verrouillé le reste à son adresse actuelle.',
  'notice.file_unreadable':
    'Le {file, select, settings {fichier des réglages} catalogue {fichier de la copie du catalogue} other {fichier des noms de catégorie}} n’a pas pu être lu ({problem, select, not_json {ce n’est pas du JSON valide} newer_version {il a été écrit par une version plus récente de l’app} unknown_version {l’app ne connaît pas sa version} other {il contient des données que l’app ne reconnaît pas}})\u00a0: l’app est repartie de zéro. L’ancien fichier a été gardé sous le nom {backup}.',
  'notice.file_partly_read':
    '{file, select, catalogue {La copie du catalogue n’a pu être lue que jusqu’à la page {parts}\u00a0: les animaux d’avant sont affichés, le reste arrive à la prochaine synchronisation.} other {Une partie {file, select, settings {des réglages} other {des noms de catégorie}} n’a pas pu être lue ({parts})\u00a0: elle est revenue à sa valeur par défaut, tout le reste a été gardé.}} Le fichier tel qu’il était a été gardé sous le nom {backup}.',
  'notice.file_newer_version':
    'Le {file, select, settings {fichier des réglages} other {fichier des noms de catégorie}} a été écrit par une version plus récente de l’app. Cette version le laisse tel quel et utilise ce qu’elle peut en lire\u00a0; les modifications faites maintenant ne durent que jusqu’à la fermeture de l’app.',
  'notice.file_not_saved':
    'L’app n’a pas pu enregistrer {file, select, settings {les réglages} catalogue {la copie du catalogue} categories {les noms de catégorie} other {les animaux en attente d’envoi}}. Vérifiez qu’il reste de la place sur le disque et que le dossier de l’app est accessible en écriture\u00a0; les changements depuis pourraient être perdus à la fermeture de l’app.',
  'notice.outbox_record_unreadable':
    '{named, select, yes {L’animal en attente «\u00a0{name}\u00a0»} other {Un fragment endommagé}} n’a pas pu être lu dans le fichier d’envoi. Il a été gardé tel quel dans {backup} et n’a pas été envoyé.',
  'notice.outbox_newer_version':
    'La liste des animaux en attente a été écrite par la version {version} de l’app. Cette version la laisse telle quelle et ne peut pas ajouter d’animaux\u00a0; ouvrez la version {version} ou plus récente pour les envoyer.',
  'notice.outbox_not_set_aside':
    'Des animaux en attente n’ont pu être ni lus ni mis de côté sous {backup} (disque plein\u00a0?). Le fichier reste tel quel\u00a0: jusqu’au redémarrage, les autres sont affichés mais pas envoyés, et aucun animal ne peut être ajouté. Libérez de la place ou déplacez {backup}, puis redémarrez.',

  'environmentName.production': 'Production',
  'environmentName.staging': 'Préproduction',
  'environmentName.demo': 'Démo (locale)',
};
