import { IntlMessageFormat } from 'intl-messageformat';
import { matchLanguage, type PolicyLanguage } from '../../../shared/views';
import { de } from './messages/de';
import { en, type Catalogue, type MessageId } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { madeOnce } from './intl-formats';
import { TAGS, type Language, type Locale } from './locales';
import { pseudoCatalogue } from './pseudo';

export type { MessageId } from './messages/en';

const catalogues: Record<Language, Catalogue> = { en, de, fr, es };
let pseudo: Catalogue | undefined;
const catalogue = (locale: Locale): Catalogue =>
  locale === 'pseudo' ? (pseudo ??= pseudoCatalogue()) : catalogues[locale];

/** The language in use: the clerk's choice, else the policy's, else the system's. Reactive, so text follows it. */
class I18n {
  /** What the clerk chose in Settings (kept by the core with the preferences); null follows the policy or the system. */
  choice = $state<Locale | null>(null);
  policy = $state<PolicyLanguage | undefined>(undefined);
  system = $state<Language>('en');
  readonly locale = $derived<Locale>(this.choice ?? this.policy ?? this.system);

  /** Reads the system's languages; before this, the app speaks English. */
  start(systemLanguages: readonly string[]): void {
    this.system = matchLanguage(systemLanguages);
  }

  choose(choice: Locale | null): void {
    this.choice = choice;
  }

  get tag(): string {
    return TAGS[this.locale];
  }
}

export const i18n = new I18n();

type Values = Record<string, string | number>;
// Caches, not state (filling them re-renders nothing). Parsing is the costly part: one formatter per locale
// and message, made on first use.
const formatters = new Map<string, IntlMessageFormat>();
// A message with no values reads the same every time (a badge, a column name: one per row and render).
const fixedTexts = new Map<string, string>();

/** A message in the language in use. Ids of animals and categories go in as strings, never as numbers. */
export function t(id: MessageId, values?: Values): string {
  const locale = i18n.locale;
  const key = `${locale}\u0000${id}`;
  const format = () =>
    String(madeOnce(formatters, key, () => new IntlMessageFormat(catalogue(locale)[id], TAGS[locale])).format(values));
  return values === undefined ? madeOnce(fixedTexts, key, format) : format();
}
