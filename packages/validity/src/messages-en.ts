/**
 * The English validity catalogue and the renderer, apart from the other languages (messages.ts): the
 * browser falls back to English while the page's language loads, and importing it from here keeps
 * the German, French and Dutch catalogues out of that chunk.
 */
import { type CompiledCatalogue, formatMessage, type UiLocale } from '@plumbline/i18n';
import en from './messages/en.json';
import rulesEn from './messages/rules/en.json';
import type { MessageRef } from './types';

/** A catalogue as written: id → ICU message. */
export type Catalogue = Readonly<Record<string, string>>;
export const englishCatalogue: Catalogue = { ...en, ...rulesEn };

/** A validity finding's or rule's message in words; the id itself when the catalogue lacks it. */
export function validityText(
  message: MessageRef,
  catalogue: CompiledCatalogue,
  locale: UiLocale = 'en',
): string {
  const compiled = catalogue[message.id];
  return compiled === undefined ? message.id : formatMessage(locale, compiled, message.values);
}
