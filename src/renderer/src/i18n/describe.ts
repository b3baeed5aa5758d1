import type { AppError } from '../../../shared/app-error';
import { FieldProblem } from '../../../shared/field-problem';
import { EnvironmentId } from '../../../shared/environments';
import type { AppNotice } from '../../../shared/views';
import { t } from './i18n.svelte';

// The core reports codes and values; these put them in the clerk's language.

/** An environment's name ("Production", "Produktion"). */
export const environmentName = (id: EnvironmentId): string => t(`environmentName.${id}`);

/** The values a message is worded with; an environment id becomes its name. */
function values(params: AppError['params']): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  const environmentId = EnvironmentId.safeParse(params?.environmentId);
  if (environmentId.success) out.environment = environmentName(environmentId.data);
  const field = FieldProblem.safeParse(params?.field);
  if (field.success) out.fieldProblem = fieldText(field.data);
  return out;
}

/** What went wrong, in a sentence or two; the service's own words follow, quoted, when it sent some. */
export function errorText(error: AppError): string {
  const seconds = error.params?.seconds;
  let text: string;
  try {
    text =
      error.reason === 'busy' && seconds !== undefined
        ? t('error.busyFor', { seconds })
        : t(`error.${error.reason}`, values(error.params));
  } catch (failure) {
    // A value missing from an error kept on disk must not take the screen showing it down.
    console.error(`No words for ${error.reason} with these values`, error.params, failure);
    text = t('error.internal');
  }
  return text + saidText(error);
}

/** The service's own words, quoted, after a space; nothing when it sent none. */
export function saidText(error?: AppError): string {
  const said = error?.params?.serviceSaid;
  return said === undefined ? '' : ` ${t('error.serviceSaid', { words: said })}`;
}

/** Why a field was refused. */
export const fieldText = (problem: FieldProblem): string => t(`field.${problem}`);

/** Each refused field's problem, worded. */
export const fieldTexts = (error: AppError): Record<string, string> =>
  Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, problem]) => [field, fieldText(problem)]));

/** A field's problem from a refused request, when the core named that field. */
export function fieldError(error: AppError, field: string): string | undefined {
  const problem = error.fields?.[field];
  return problem === undefined ? undefined : fieldText(problem);
}

/** A refused save of one field: what is wrong with that field when the core named it, else what went wrong. */
export const problemText = (error: AppError, field: string): string => fieldError(error, field) ?? errorText(error);

export const noticeText = (notice: AppNotice): string => t(`notice.${notice.reason}`, values(notice.params));
