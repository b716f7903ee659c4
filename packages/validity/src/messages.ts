/**
 * The messages of validity findings: ids with parameters, rendered from a catalogue in the reader's
 * language (ICU MessageFormat). `messages/en.json` is the English catalogue, a plain
 * `{ "id": "ICU message" }` map so it merges into the app's catalogues.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import en from './messages/en.json';
import type { MessageRef } from './types';

export type Catalogue = Readonly<Record<string, string>>;
export const englishCatalogue: Catalogue = en;

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
