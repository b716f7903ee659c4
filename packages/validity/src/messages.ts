/**
 * The messages of validity findings: ids with parameters, rendered from a catalogue in the reader's
 * language (ICU MessageFormat) by @plumbline/i18n, as the app's own catalogues are. `messages/en.json`
 * is the English catalogue, a plain `{ "id": "ICU message" }` map so it merges into the app's
 * catalogues. Nothing here parses message text: the browser gets the catalogue compiled by the web
 * build (decision 0230), and the reports compile it in Node on first use (report/message-text.ts).
 */
import { type CompiledCatalogue, formatMessage, type UiLocale } from '@plumbline/i18n';
import en from './messages/en.json';
import type { MessageRef } from './types';

/** A catalogue as written: id → ICU message. */
export type Catalogue = Readonly<Record<string, string>>;
export const englishCatalogue: Catalogue = en;

/** A validity finding's or rule's message in words; the id itself when the catalogue lacks it. */
export function validityText(
  message: MessageRef,
  catalogue: CompiledCatalogue,
  locale: UiLocale = 'en',
): string {
  const compiled = catalogue[message.id];
  return compiled === undefined ? message.id : formatMessage(locale, compiled, message.values);
}
