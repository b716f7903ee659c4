/**
 * Every catalogue the web app loads, by namespace (docs/i18n.md). A namespace is loaded when a
 * component first asks for it (`useT('reports')`), and only in the page's language; `app` is loaded
 * before the first render. Add a namespace: a folder `<name>/` here with en.json, de.json, fr.json and
 * nl.json (ids starting with `<name>.`), one line in `namespaces` and one in `MessageId`. A lazily loaded
 * screen's namespace is named in `LazyNamespace` and its loader set by the screen's own module.
 */
import type errors from '@plumbline/contracts/messages/errors/en.json';
import type permissions from '@plumbline/contracts/messages/permissions/en.json';
import type validation from '@plumbline/contracts/messages/validation/en.json';
import type { Locale } from '@plumbline/i18n/locales';
import type app from './app/en.json';
import type overview from './overview/en.json';
import type pages from './pages/en.json';
import type settings from './settings/en.json';
import type studio from './studio/en.json';
import type subscriptions from './subscriptions/en.json';
import type waivers from './waivers/en.json';
import type wizard from './wizard/en.json';

type Catalogue = Promise<{ default: Record<string, unknown> }>;

const fixed = {
  /** The first view of every page: loading, sign-in, sign-up, the language switcher, common words. */
  app: (locale: Locale): Catalogue => import(`./app/${locale}.json`),
  /** The pages outside the dashboard: the error page, the e-mail verification page and notice. */
  pages: (locale: Locale): Catalogue => import(`./pages/${locale}.json`),
  /** The Overview tab. */
  overview: (locale: Locale): Catalogue => import(`./overview/${locale}.json`),
  /** The Settings tab (the language card so far). */
  settings: (locale: Locale): Catalogue => import(`./settings/${locale}.json`),
  /** The Create New Project wizard (its IDS files and the demo's simulated payment so far). */
  wizard: (locale: Locale): Catalogue => import(`./wizard/${locale}.json`),
  /** The Subscriptions tab: prices, plan changes, the in-app billing portal. */
  subscriptions: (locale: Locale): Catalogue => import(`./subscriptions/${locale}.json`),
  /** Waivers: the request dialog and the Waivers view (issue 32). */
  waivers: (locale: Locale): Catalogue => import(`./waivers/${locale}.json`),
  /** The API's error messages by id (packages/contracts/src/messages/errors): loaded after the first paint. */
  errors: (locale: Locale): Catalogue => shared.errors[locale](),
  /** Why a role may not take an action (packages/contracts/src/messages/permissions). */
  permissions: (locale: Locale): Catalogue => shared.permissions[locale](),
  /** The shared schemas' validation messages (packages/contracts/src/messages/validation). */
  validation: (locale: Locale): Catalogue => shared.validation[locale](),
} as const;

/** The loader of every namespace; a lazy one's is there once its screen has loaded. */
export const namespaces: typeof fixed & Partial<Record<LazyNamespace, (locale: Locale) => Catalogue>> = fixed;

/**
 * Namespaces of lazily loaded screens: the screen's own chunk sets its loader in `namespaces` when it
 * loads, so the first views carry neither the loader nor the catalogue's file names (their budgets).
 */
export type LazyNamespace =
  /** The IDS Studio's editing, pickers, live counts and saving (issue 33): lib/i18n/studio.ts. */
  'studio';

export type Namespace = keyof typeof fixed | LazyNamespace;

/** Every message id the web app may render. */
export type MessageId =
  | keyof typeof app
  | keyof typeof overview
  | keyof typeof pages
  | keyof typeof settings
  | keyof typeof wizard
  | keyof typeof subscriptions
  | keyof typeof waivers
  | keyof typeof studio
  | keyof typeof errors
  | keyof typeof permissions
  | keyof typeof validation;

// Vite follows a dynamic import with a variable only into relative paths: the shared catalogues are
// listed one by one.
const shared: Record<'errors' | 'permissions' | 'validation', Record<Locale, () => Catalogue>> = {
  errors: {
    en: () => import('@plumbline/contracts/messages/errors/en.json'),
    de: () => import('@plumbline/contracts/messages/errors/de.json'),
    fr: () => import('@plumbline/contracts/messages/errors/fr.json'),
    nl: () => import('@plumbline/contracts/messages/errors/nl.json'),
  },
  permissions: {
    en: () => import('@plumbline/contracts/messages/permissions/en.json'),
    de: () => import('@plumbline/contracts/messages/permissions/de.json'),
    fr: () => import('@plumbline/contracts/messages/permissions/fr.json'),
    nl: () => import('@plumbline/contracts/messages/permissions/nl.json'),
  },
  validation: {
    en: () => import('@plumbline/contracts/messages/validation/en.json'),
    de: () => import('@plumbline/contracts/messages/validation/de.json'),
    fr: () => import('@plumbline/contracts/messages/validation/fr.json'),
    nl: () => import('@plumbline/contracts/messages/validation/nl.json'),
  },
};
