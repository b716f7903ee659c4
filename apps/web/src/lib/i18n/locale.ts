// The page's language, chosen before the app starts. Small on purpose: the entry (main.tsx) imports it
// to fetch the first catalogue while the app's code downloads.
import { LOCALE_COOKIE } from '@plumbline/contracts/session-cookies';
import { DEFAULT_LOCALE, isUiLocale, negotiateLocale, type UiLocale } from '@plumbline/i18n/locales';
import { readCookie, setBrowserCookie } from '@/lib/cookies';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * `?lang=` (how the pseudo-locale is switched on), else the remembered choice (the cookie a switcher or
 * the profile set), else the browser's languages, else English.
 */
export function chooseLocale(input: {
  search: string;
  cookie: string;
  languages: readonly string[];
}): UiLocale {
  const asked = new URLSearchParams(input.search).get('lang');
  if (isUiLocale(asked)) return asked;
  const remembered = readCookie(LOCALE_COOKIE, input.cookie);
  if (isUiLocale(remembered)) return remembered;
  return negotiateLocale(input.languages) ?? DEFAULT_LOCALE;
}

/** The locale this page opens in. */
export function pageLocale(): UiLocale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return chooseLocale({
    search: window.location.search,
    cookie: document.cookie,
    languages: navigator.languages ?? [navigator.language],
  });
}

/** Keeps the choice for the next visit and says it to the page (screen readers, hyphenation). */
export function applyLocale(locale: UiLocale): void {
  if (typeof document === 'undefined') return;
  setBrowserCookie(LOCALE_COOKIE, locale, { maxAge: ONE_YEAR });
  document.documentElement.lang = locale;
}
