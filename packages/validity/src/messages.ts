/**
 * The messages of validity findings: ids with parameters, rendered from a catalogue in the reader's
 * language (ICU MessageFormat) by @plumbline/i18n, as the app's own catalogues are. Two plain
 * `{ "id": "ICU message" }` catalogues, so they merge into the app's: `messages/rules/` (each rule's
 * one-line explanation and the reasons a verdict is marked unreliable) and `messages/` (the findings),
 * both in en, de, fr and nl. Nothing here parses message text: the
 * browser gets the catalogues compiled by the web build (decision 0230), and the reports compile them
 * in Node on first use (report/message-text.ts).
 */
import type { Locale } from '@plumbline/i18n';
import de from './messages/de.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';
import rulesDe from './messages/rules/de.json';
import rulesFr from './messages/rules/fr.json';
import rulesNl from './messages/rules/nl.json';
import { type Catalogue, englishCatalogue } from './messages-en';

export { type Catalogue, englishCatalogue, validityText } from './messages-en';

const byLocale: Record<Locale, Catalogue> = {
  en: englishCatalogue,
  de: { ...de, ...rulesDe },
  fr: { ...fr, ...rulesFr },
  nl: { ...nl, ...rulesNl },
};

/** The validity catalogue of a language: the findings' messages and the rules' explanations. */
export function validityCatalogue(locale: Locale): Catalogue {
  return byLocale[locale];
}
