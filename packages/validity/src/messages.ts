/**
 * The messages of validity findings: ids with parameters, rendered from a catalogue in the reader's
 * language (ICU MessageFormat). Two plain `{ "id": "ICU message" }` catalogues, so they merge into
 * the app's: `messages/rules/` (each rule's one-line explanation and the reasons a verdict is marked
 * unreliable) in en, de, fr and nl, and `messages/en.json` (the findings), English only so far.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import en from './messages/en.json';
import rulesDe from './messages/rules/de.json';
import rulesEn from './messages/rules/en.json';
import rulesFr from './messages/rules/fr.json';
import rulesNl from './messages/rules/nl.json';
import type { MessageRef } from './types';

export type Catalogue = Readonly<Record<string, string>>;
/** The app's languages (@plumbline/i18n's, which this package does not import: it builds on ifc alone). */
export type Locale = 'en' | 'de' | 'fr' | 'nl';
export const englishCatalogue: Catalogue = { ...en, ...rulesEn };

const byLocale: Record<Locale, Catalogue> = {
  en: englishCatalogue,
  de: { ...en, ...rulesDe },
  fr: { ...en, ...rulesFr },
  nl: { ...en, ...rulesNl },
};

/** The validity catalogue of a language (the findings' messages in English until translated). */
export function validityCatalogue(locale: Locale): Catalogue {
  return byLocale[locale];
}

const compiled = new Map<string, IntlMessageFormat>();

/** A message in the catalogue's language; the id itself when the catalogue lacks it. */
export function formatMessage(
  message: MessageRef,
  catalogue: Catalogue = englishCatalogue,
  locale = 'en',
): string {
  const source = catalogue[message.id];
  if (source === undefined) return message.id;
  const key = `${locale}\u0000${source}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, locale);
    compiled.set(key, format);
  }
  return String(format.format(message.values));
}

/** The one-line explanation of a rule. */
export function ruleSummary(rule: string, catalogue: Catalogue = englishCatalogue, locale = 'en'): string {
  return formatMessage({ id: `validity.rule.${rule}`, values: {} }, catalogue, locale);
}
