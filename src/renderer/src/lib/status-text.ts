import type { PetStatus } from '../../../shared/pet';
import { t } from '../i18n/i18n.svelte';

/**
 * An animal's status in words, as its badge shows it and its CSV row writes it: `unsent`, an animal not on the service
 * yet whose status the service will choose, is said as the add form says it.
 */
export const statusText = (status: PetStatus | undefined, unsent?: boolean): string =>
  status ? t(`badge.${status}`) : unsent ? t('add.statusServiceDecides') : t('badge.none');
