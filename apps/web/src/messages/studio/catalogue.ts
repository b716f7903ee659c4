/** The Studio's catalogue in one language: a chunk of its own, so the first view names one file, not four. */
import type { Locale } from '@plumbline/i18n/locales';

export function studioCatalogue(locale: Locale): Promise<{ default: Record<string, unknown> }> {
  return import(`./${locale}.json`);
}
