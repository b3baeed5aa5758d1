import type { ErrorsCatalogue } from './en-errors';

/** Spanish, third part: the core's codes and the environments' names. */
export const esErrors: ErrorsCatalogue = {
  'error.offline': 'Este equipo no tiene conexión. La app sigue funcionando con lo que tiene guardado.',
  'error.unreachable':
    'No se puede contactar con el servicio. Compruebe la conexión de red; la app sigue funcionando con lo que tiene guardado.',
  'error.address_not_found':
    'No se encontró la dirección del servicio. Compruebe la conexión de red y la dirección en Ajustes.',
  'error.connection_lost':
    'Se perdió la conexión con el servicio. Si estaba añadiendo un animal, revise la lista antes de añadirlo de nuevo.',
  'error.timeout':
    'El servicio no respondió a tiempo. Si estaba añadiendo un animal, revise la lista antes de añadirlo de nuevo.',
  'error.cancelled': 'La solicitud se canceló.',
  'error.answer_cut_off': 'La conexión se cortó mientras el servicio respondía. Inténtelo de nuevo.',
  'error.values_refused': 'El servicio rechazó los valores enviados.',
  'error.key_refused': 'El servicio rechazó la clave de API de este entorno. Revísela o sustitúyala en Ajustes.',
  'error.not_on_service': 'El servicio no tiene ese animal.',
  'error.operation_gone': 'El servicio ya no ofrece esta operación.',
  'error.busy': 'El servicio está ocupado con demasiadas solicitudes. Inténtelo de nuevo en un momento.',
  'error.busyFor':
    'El servicio está ocupado con demasiadas solicitudes. Inténtelo de nuevo en {seconds, plural, one {# segundo} other {# segundos}}.',
  'error.asked_to_wait':
    'El servicio pidió a la app que esperara. Inténtelo de nuevo en {seconds, plural, one {# segundo} other {# segundos}}.',
  'error.service_failed': 'El servicio tuvo un problema (HTTP {status}). Inténtelo más tarde.',
  'error.unexpected_status': 'El servicio dio una respuesta inesperada (HTTP {status}).',
  'error.unreadable_answer': 'El servicio envió una respuesta que la app no puede leer.',
  'error.answer_too_large':
    'El servicio envió una respuesta mayor de lo que la app lee (más de {megabytes} MB) y la app dejó de leerla. Puede que esta dirección no sea un servicio Petstore: compruébela en Ajustes.',
  'error.next_page_elsewhere': 'Esa página siguiente no está en el servicio de este entorno; la app no la pidió.',
  'error.redirected':
    'La dirección del servicio redirige la app a otra dirección. La app no la sigue, porque la clave de API iría con ella: compruebe la dirección en Ajustes.',
  'error.serviceSaid': 'El servicio dijo: «{words}»',
  'error.no_key': 'Este entorno aún no tiene clave de API. Introduzca una en Ajustes.',
  'error.key_for_old_address':
    'La dirección del servicio cambió después de introducir la clave de API. Vuelva a introducir la clave para la nueva dirección en Ajustes.',
  'error.keychain_save':
    'El llavero del sistema no pudo guardar la clave. Compruebe que está desbloqueado e inténtelo de nuevo.',
  'error.keychain_remove':
    'El llavero del sistema no pudo quitar la clave. Compruebe que está desbloqueado e inténtelo de nuevo.',
  'error.invalid_value': 'Algunos valores no son válidos.',
  'error.managed_hidden': 'Gestionado por su organización: este entorno está desactivado en este equipo.',
  'error.managed_address': 'Gestionado por su organización: la dirección de {environment} es fija en este equipo.',
  'error.managed_key': 'Gestionado por su organización: la clave de este entorno solo sirve para {origin}.',
  'error.managed_administration':
    'Gestionado por su organización: las direcciones y las claves las fija informática en este ordenador.',
  'error.no_demo_key':
    'Esta sesión no conoce la clave propia del servicio de demostración. Inicie la aplicación con `npm start`.',
  'error.no_animal_with_id': 'No hay ningún animal con el id {id} en el servicio.',
  'error.not_in_catalogue':
    'No hay ningún animal con el id {id} en el catálogo de la tienda en este equipo. Actualice la lista para ponerlo al día.',
  'error.not_in_capped_catalogue':
    'El servicio muestra como máximo 100 animales por estado, así que aquí pueden faltar animales.',
  'error.unreachable_not_in_catalogue':
    'No se puede contactar con el servicio y no hay ningún animal con el id {id} en el catálogo de la tienda en este equipo. Compruebe la conexión de red o inténtelo más tarde.',
  'error.failed_not_in_catalogue':
    'El servicio no pudo responder y no hay ningún animal con el id {id} en el catálogo de la tienda en este equipo. Inténtelo más tarde.',
  'error.not_in_partial_copy':
    'El servicio no respondió y la copia de la tienda en este equipo no está completa: puede faltar el animal {id}. Inténtelo más tarde.',
  'error.outbox_item_busy': 'Este animal se está enviando o ya se envió; ahora no se puede cambiar.',
  'error.outbox_item_check_first':
    'Puede que este animal ya se haya añadido: revíselo primero. Si no se creó, cámbielo después.',
  'error.outbox_item_not_looked_up':
    'La aplicación aún no ha buscado este animal en la tienda (para ello hace falta el servicio). Vuelva a enviarlo, cámbielo o confírmelo cuando la comprobación muestre lo que tiene la tienda.',
  'error.outbox_item_gone': 'Ese animal ya no está en la bandeja de salida.',
  'error.outbox_save_failed':
    'La app no pudo guardar en el disco los animales pendientes. Compruebe el espacio libre en disco.',
  'error.outbox_read_only':
    'La lista de animales pendientes no se puede cambiar en esta sesión (el aviso explica por qué), así que ahora no se pueden añadir animales.',
  'error.send_failed': 'El envío falló de forma inesperada.',
  'error.unknown_request': 'La app hizo una solicitud que no conoce. Los detalles están en el registro.',
  'error.refused_sender': 'Rechazado: esta solicitud no vino de la propia página de Petstore Counter.',
  'error.lost_contact': 'La app perdió el contacto con su proceso en segundo plano. Reinicie la app.',
  'error.internal': 'Algo salió mal dentro de la app. Los detalles están en el registro.',

  'field.invalid': 'Este valor no es válido',
  'field.managed': 'Gestionado por su organización',
  'field.address_missing': 'Introduzca la dirección del servicio',
  'field.address_not_web': 'No es una dirección web: empieza por https:// y termina en /v1',
  'field.address_scheme': 'La dirección debe empezar por https://',
  'field.address_plain_http': 'Use https://; http:// sin cifrar solo se permite para este equipo (localhost)',
  'field.address_credentials': 'La dirección no debe contener usuario ni contraseña',
  'field.address_query': 'La dirección no debe contener ? ni #',
  'field.address_version': 'La dirección debe terminar en /v1',
  'field.key_missing': 'Introduzca la clave de API',
  'field.key_too_long': 'Es demasiado larga para ser una clave de API',
  'field.key_characters': 'Una clave de API no tiene espacios ni caracteres especiales',
  'field.category_id_range': 'Un id de categoría es un número entero desde 1',
  'field.label_missing': 'Introduzca un nombre',
  'field.label_too_long': 'Como máximo 60 caracteres',
  'field.label_taken': 'Otra categoría ya tiene este nombre',

  'notice.keychain_unreadable':
    'No se pudo leer el llavero del sistema, así que no hay ninguna clave de API disponible. Desbloquéelo o vuelva a introducir la clave en Ajustes.',
  'notice.policy_unreadable':
    'No se pudo leer la directiva en {path} ({problem, select, folder {es una carpeta, no un archivo} permission {este usuario no tiene permiso para leerla} other {{detail}}}). Mientras tanto, la app elige el lado seguro: cada dirección se queda como está y no se puede cambiar, las actualizaciones están desactivadas y la demo está oculta.',
  'notice.policy_not_json':
    'La directiva en {path} no es JSON ({detail}). Mientras tanto, la app elige el lado seguro: cada dirección se queda como está y no se puede cambiar, las actualizaciones están desactivadas y la demo está oculta.',
  'notice.policy_invalid':
    'La directiva en {path} tiene campos que la app no puede leer: {fields} ({detail}). Todo lo demás se aplica; para esos campos la app elige el lado seguro (un bloqueo sigue bloqueado, las actualizaciones siguen desactivadas, la demo sigue oculta).',
  'notice.policy_bad_address':
    'La directiva en {path} tiene una dirección que la app no puede usar ({at}: {fieldProblem}). Todo lo demás se aplica; un entorno bloqueado sigue bloqueado en la dirección que tiene.',
  'notice.file_unreadable':
    'No se pudo leer el {file, select, settings {archivo de ajustes} catalogue {archivo de la copia del catálogo} other {archivo de nombres de categoría}} ({problem, select, not_json {no es JSON válido} newer_version {lo escribió una versión más reciente de la app} unknown_version {la app no conoce su versión} other {contiene datos que la app no reconoce}}), así que la app empezó de cero. El archivo antiguo se guardó como {backup}.',
  'notice.file_partly_read':
    '{file, select, catalogue {La copia del catálogo solo se pudo leer hasta la página {parts}: se muestran los animales anteriores y el resto llega con la próxima sincronización.} other {No se pudo leer una parte de {file, select, settings {los ajustes} other {los nombres de categoría}} ({parts}); esa parte volvió a su valor por defecto y todo lo demás se conservó.}} El archivo tal como estaba se guardó como {backup}.',
  'notice.file_newer_version':
    'El {file, select, settings {archivo de ajustes} other {archivo de nombres de categoría}} lo escribió una versión más reciente de la app. Esta versión lo deja como está y usa lo que puede leer de él; los cambios que haga ahora duran solo hasta que se cierre la app.',
  'notice.file_not_saved':
    'La app no pudo guardar {file, select, settings {los ajustes} catalogue {la copia del catálogo} categories {los nombres de categoría} other {los animales pendientes de envío}}. Compruebe que hay espacio en el disco y que se puede escribir en la carpeta de la app; los cambios desde entonces pueden perderse al cerrar la app.',
  'notice.outbox_record_unreadable':
    '{named, select, yes {El animal pendiente «{name}»} other {Una parte dañada}} no se pudo leer del archivo de envíos. Se guardó tal cual en {backup} y no se envió.',
  'notice.outbox_newer_version':
    'La lista de animales pendientes la escribió la versión {version} de la app. Esta versión la deja como está y no puede añadir animales; abra la versión {version} o posterior para enviarlos.',
  'notice.outbox_not_set_aside':
    'No se pudieron leer animales pendientes ni apartarlos como {backup} (¿disco lleno?). El archivo queda como está: hasta reiniciar los demás se muestran pero no se envían, y no se pueden añadir animales. Libere espacio o mueva {backup} y reinicie.',

  'environmentName.production': 'Producción',
  'environmentName.staging': 'Preproducción',
  'environmentName.demo': 'Demo (local)',
};
