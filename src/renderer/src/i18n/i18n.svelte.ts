import { matchLanguage, type PolicyLanguage } from '../../../shared/screen-choices';
import type { ShippedCatalogue } from './compile';
import { formatMessage, type Values } from './format-message';
import type { MessageId } from './messages/en';
import { madeOnce } from './intl-formats';
import { LANGUAGES, TAGS, type Language, type Locale } from './locales';

export type { MessageId };

/** A message worded as it is drawn (`() => t(...)`), so one on screen follows a switch of language. */
export type Wording = () => string;

// Catalogues come parsed (build/scripts/compiled-messages.ts), so the renderer ships no ICU parser. Each
// language, English too, is a chunk of its own, fetched the first time it is shown: a counter carries one
// language's words, not four.
const catalogues: Partial<Record<Locale, ShippedCatalogue>> = {};
const LOADERS: Record<Locale, () => Promise<{ default: ShippedCatalogue }>> = {
  en: () => import('virtual:messages/en'),
  de: () => import('virtual:messages/de'),
  fr: () => import('virtual:messages/fr'),
  es: () => import('virtual:messages/es'),
  pseudo: () => import('virtual:messages/pseudo'),
};
const isLoaded = (locale: Locale): boolean => catalogues[locale] !== undefined;
const fetching: Partial<Record<Locale, Promise<void>>> = {};
/** Fetches a language's catalogue once, however many ask; nothing is shown in it by this alone. */
function fetchCatalogue(locale: Locale): Promise<void> {
  fetching[locale] ??= LOADERS[locale]().then((chunk) => {
    catalogues[locale] = chunk.default;
  });
  return fetching[locale];
}

/** The language in use: the clerk's choice, else the policy's, else the system's. Reactive, so text follows it. */
class I18n {
  /** What the clerk chose in Settings (kept by the core with the preferences); null follows the policy or the system. */
  choice = $state<Locale | null>(null);
  policy = $state<PolicyLanguage | undefined>(undefined);
  system = $state<Language>('en');
  /** The language asked for; `locale` follows it once its catalogue is here. */
  readonly wanted = $derived<Locale>(this.choice ?? this.policy ?? this.system);
  /** The language whose catalogue came last: what is shown while another one is on its way. */
  #latest = $state<Locale | null>(null);
  readonly locale = $derived.by<Locale>(() => (isLoaded(this.wanted) ? this.wanted : (this.#latest ?? 'en')));
  /** Some catalogue is here: before that there are no words to show. */
  readonly ready = $derived(this.#latest !== null);

  /** Reads the system's languages; before this, the app speaks English. */
  start(systemLanguages: readonly string[]): void {
    this.system = matchLanguage(systemLanguages);
  }

  choose(choice: Locale | null): void {
    this.choice = choice;
  }

  /**
   * Fetches the language likely wanted (the system's) before the settings say which, without showing it: the
   * chunk comes alongside the core's first replies, and no text is shown in a language the clerk did not choose.
   */
  prefetch(): void {
    void fetchCatalogue(this.wanted);
    // A process's first number format costs tens of ms (Intl's locale data), and the list's count needs one: made
    // while the page waits for its chunk and first answers, not in the first render (first rows: 632 → 486 ms).
    const tag = TAGS[this.wanted];
    setTimeout(() => new Intl.NumberFormat(tag).format(0));
  }

  /** Fetches a language's catalogue, once; the text switches to it when it is here. */
  async load(locale: Locale): Promise<void> {
    await fetchCatalogue(locale);
    this.#latest = locale;
  }

  /** Every language at once, and the pseudo-locale: for tests, which switch languages as they go. */
  async loadAll(): Promise<void> {
    await Promise.all([...LANGUAGES, 'pseudo' as const].map((locale) => this.load(locale)));
  }

  get tag(): string {
    return TAGS[this.locale];
  }
}

export const i18n = new I18n();

// A cache, not state (filling it re-renders nothing): a message with no values reads the same every time (a badge,
// a column name: one per row and render).
const fixedTexts = new Map<string, string>();

/**
 * A message in the language in use. Ids of animals and categories go in as strings, never as numbers.
 * Before any catalogue is here (the app shows nothing then) it is the id itself.
 */
export function t(id: MessageId, values?: Values): string {
  const locale = i18n.locale;
  const message = catalogues[locale]?.[id];
  if (message === undefined) return id;
  if (values !== undefined) return formatMessage(message, TAGS[locale], values);
  return madeOnce(fixedTexts, `${locale}\u0000${id}`, () => formatMessage(message, TAGS[locale]));
}
