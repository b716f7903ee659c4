/**
 * The languages Plumbline speaks (issue 31). English is the source of every catalogue and the
 * fallback; the pseudo-locale is English with accents and 40 % more length, for finding text that is
 * not in a catalogue or that a layout cuts off (decision 0232). It is never offered to users.
 */
export const LOCALES = ['en', 'de', 'fr', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47's private-use region for accented pseudo-English. */
export const PSEUDO_LOCALE = 'en-XA';
/** What a screen can be shown in: a real language or the pseudo-locale. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language by its own name: a switcher lists them so, in every language. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
};

/**
 * The locale `Intl` formats numbers and dates in. English dates are British ("22 Nov 2026", spec 3
 * §9); the others are the language of the country where most of its BIM practice is.
 */
const INTL_LOCALES: Readonly<Record<UiLocale, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  nl: 'nl-NL',
  [PSEUDO_LOCALE]: 'en-GB',
};

export function intlLocale(locale: UiLocale): string {
  return INTL_LOCALES[locale];
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

/** The language of a tag such as "de-AT" or "NL"; null for one we do not speak. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The first language of an Accept-Language header (or of `navigator.languages`) that we speak, by
 * the weights the header gives; null when none is ours. "de-CH;q=0.9, fr;q=0.8" → de.
 */
export function negotiateLocale(accepted: string | readonly string[] | null | undefined): Locale | null {
  if (!accepted) return null;
  const ranges = typeof accepted === 'string' ? accepted.split(',') : accepted;
  let best: { locale: Locale; q: number; order: number } | null = null;
  ranges.forEach((range, order) => {
    const [tag = '', ...params] = range.split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) return;
    const locale = localeOfTag(tag);
    if (locale && (!best || q > best.q)) best = { locale, q, order };
  });
  return (best as { locale: Locale } | null)?.locale ?? null;
}
