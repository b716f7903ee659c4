import { type CompiledCatalogue, formatMessage } from '@plumbline/i18n';
import { englishCatalogue } from '@plumbline/validity/messages';
import type { MessageRef } from '@plumbline/validity/types';

/**
 * The validity package's catalogue as the browser has it: the web build compiles every
 * `messages/<locale>.json` ahead of time (build/icu-catalogues.ts, decision 0230) and leaves the ICU
 * parser out, so the package's own formatter, which parses message text, cannot run here. English
 * only until the validity messages join a web namespace (the files using this are on the i18n
 * allowlist).
 */
const compiled = englishCatalogue as unknown as CompiledCatalogue;

/** A validity finding's or rule's message in words; the id itself when the catalogue lacks it. */
export function validityText(message: MessageRef): string {
  const source = compiled[message.id];
  return source === undefined ? message.id : formatMessage('en', source, message.values);
}
