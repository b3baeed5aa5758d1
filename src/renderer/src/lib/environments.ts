import type { EnvironmentId } from '../../../shared/environments';
import { t } from '../i18n/i18n.svelte';

/** An environment's name in the language in use, worded from its id (main's `label` is English only). */
export const environmentName = (id: EnvironmentId): string => t(`environmentName.${id}`);
