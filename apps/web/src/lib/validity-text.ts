import type { CompiledCatalogue } from '@plumbline/i18n';
import { englishCatalogue, validityText as render } from '@plumbline/validity/messages-en';
import type { MessageRef } from '@plumbline/validity/types';
import { currentLocale, t } from '@/lib/i18n';

/**
 * The validity package's catalogue as the browser has it: the web build compiles every
 * `messages/<locale>.json` ahead of time (build/icu-catalogues.ts, decision 0230) and leaves the ICU
 * parser out, so the JSON's values here are already syntax trees, not the text its type says.
 */
const compiled = englishCatalogue as unknown as CompiledCatalogue;

/**
 * A validity finding's or rule's message in words; the id itself when no catalogue has it. The
 * findings, the rules' explanations and the marks come from the `validity` namespace in the page's
 * language (the caller loads it with `useT('validity')`); English while it is not loaded.
 */
export function validityText(message: MessageRef): string {
  if (t.has(message.id)) return t(message.id, message.values);
  return render(message, compiled, currentLocale());
}
