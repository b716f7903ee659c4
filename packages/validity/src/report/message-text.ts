/**
 * The reports' wording (console, HTML, JSON: the command line and the server, both Node): the
 * catalogue as written, compiled on first use, then rendered as the browser renders the catalogue the
 * web build compiled (messages.ts).
 */
import type { CompiledCatalogue, UiLocale } from '@plumbline/i18n';
import { compileCatalogue } from '@plumbline/i18n/compile';
import { type Catalogue, englishCatalogue, validityText } from '../messages';
import type { MessageRef } from '../types';

const compiled = new WeakMap<Catalogue, CompiledCatalogue>();

function compiledOf(catalogue: Catalogue): CompiledCatalogue {
  let result = compiled.get(catalogue);
  if (!result) {
    result = compileCatalogue(catalogue);
    compiled.set(catalogue, result);
  }
  return result;
}

/** A message in the catalogue's language; the id itself when the catalogue lacks it. */
export function formatMessage(
  message: MessageRef,
  catalogue: Catalogue = englishCatalogue,
  locale: UiLocale = 'en',
): string {
  return validityText(message, compiledOf(catalogue), locale);
}

/** The one-line explanation of a rule. */
export function ruleSummary(
  rule: string,
  catalogue: Catalogue = englishCatalogue,
  locale: UiLocale = 'en',
): string {
  return formatMessage({ id: `validity.rule.${rule}`, values: {} }, catalogue, locale);
}
