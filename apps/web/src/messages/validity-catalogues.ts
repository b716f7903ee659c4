import type { Locale } from '@plumbline/i18n/locales';

/**
 * The validity namespace's four catalogues (packages/validity/src/messages/rules), in a module of
 * their own that index.ts imports on demand: their loaders stay out of the first views' bundles
 * (their budgets, apps/web/build/bundle-budget.ts). Vite follows a dynamic import with a variable
 * only into relative paths: listed one by one.
 */
export const validityCatalogues: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('@plumbline/validity/messages/rules/en.json'),
  de: () => import('@plumbline/validity/messages/rules/de.json'),
  fr: () => import('@plumbline/validity/messages/rules/fr.json'),
  nl: () => import('@plumbline/validity/messages/rules/nl.json'),
};
