import type { PolicyLanguage } from '../../../shared/views';

// Plain constants, free of runes, so the e2e specs word and date things exactly as the renderer does.

/** The languages the clerk can choose; the policy file names the same four. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const satisfies readonly PolicyLanguage[];
export type Language = (typeof LANGUAGES)[number];
/** `pseudo` is for tests only: never offered in Settings, set through the core's preferences. */
export type Locale = Language | 'pseudo';

/** Each language's name in itself, the same whatever language the app is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

// The pseudo-locale formats numbers, dates and plurals as English; `en-XA` is the usual tag for it.
export const TAGS: Record<Locale, string> = { en: 'en', de: 'de', fr: 'fr', es: 'es', pseudo: 'en-XA' };

/**
 * The tag dates are written with: English and the pseudo-locale read day first
 * ("5 December 2030"), as the app always wrote them; other languages use their own tag.
 */
export const dateTagOf = (tag: string): string => (tag.startsWith('en') ? 'en-GB' : tag);
