import { IntlMessageFormat } from 'intl-messageformat';
import type { EnvironmentId, PolicyLanguage } from '../../shared';
import { shellDe, shellEn, shellEs, shellFr, type ShellMessageId } from './messages';

/** A shell message in one language, ICU values filled in. */
export type ShellText = (id: ShellMessageId, values?: Record<string, string | number>) => string;

const CATALOGUES: Record<PolicyLanguage, Record<ShellMessageId, string>> = {
  en: shellEn,
  de: shellDe,
  fr: shellFr,
  es: shellEs,
};

export function shellText(language: PolicyLanguage): ShellText {
  return (id, values) => String(new IntlMessageFormat(CATALOGUES[language][id], language).format(values));
}

export const environmentName = (text: ShellText, id: EnvironmentId): string => text(`environment.${id}`);

/**
 * The language the shell speaks: the one the page last reported (the clerk's
 * choice, else the policy's, else the system's), and before that the policy's
 * or the system's.
 */
export class ShellLanguage {
  private reported: PolicyLanguage | undefined;

  constructor(private readonly fallback: PolicyLanguage) {}

  get current(): PolicyLanguage {
    return this.reported ?? this.fallback;
  }

  /** Answers whether the language changed (the menu is then built again). */
  report(language: PolicyLanguage): boolean {
    const changed = language !== this.current;
    this.reported = language;
    return changed;
  }

  text(): ShellText {
    return shellText(this.current);
  }
}
