import { type CompiledCatalogue, formatMessage } from '@plumbline/i18n';
import { englishCatalogue } from '@plumbline/validity/messages';
import type { MessageRef } from '@plumbline/validity/types';
import { currentLocale, t } from '@/lib/i18n';

/**
 * The validity package's catalogue as the browser has it: the web build compiles every
 * `messages/<locale>.json` ahead of time (build/icu-catalogues.ts, decision 0230) and leaves the ICU
 * parser out, so the package's own formatter, which parses message text, cannot run here.
 */
const compiled = englishCatalogue as unknown as CompiledCatalogue;

/**
 * A validity finding's or rule's message in words; the id itself when no catalogue has it. The rules'
 * explanations and the marks come from the `validity` namespace in the page's language (the caller
 * loads it with `useT('validity')`); the findings' messages are English until translated.
 */
export function validityText(message: MessageRef): string {
  if (t.has(message.id)) return t(message.id, message.values);
  const source = compiled[message.id];
  return source === undefined ? message.id : formatMessage(currentLocale(), source, message.values);
}
