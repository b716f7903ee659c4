/**
 * Every catalogue the web app loads, by namespace (docs/i18n.md). A namespace is loaded when a
 * component first asks for it (`useT('reports')`), and only in the page's language; `app` is loaded
 * before the first render. Add a namespace: a folder `<name>/` here with en.json, de.json, fr.json and
 * nl.json (ids starting with `<name>.`), its loader in `on-demand.ts` (or here if a first view needs
 * it), one line in `namespaces` and one in `MessageId`.
 */
import type errors from '@plumbline/contracts/messages/errors/en.json';
import type permissions from '@plumbline/contracts/messages/permissions/en.json';
import type validation from '@plumbline/contracts/messages/validation/en.json';
import type { Locale } from '@plumbline/i18n/locales';
import type validityFindings from '@plumbline/validity/messages/en.json';
import type validity from '@plumbline/validity/messages/rules/en.json';
import type app from './app/en.json';
import type changes from './changes/en.json';
import type chat from './chat/en.json';
import type common from './common/en.json';
import type compliance from './compliance/en.json';
import type files from './files/en.json';
import type governance from './governance/en.json';
import type help from './help/en.json';
import type inspector from './inspector/en.json';
import type metadata from './metadata/en.json';
import type { onDemandCatalogues } from './on-demand';
import type overview from './overview/en.json';
import type pages from './pages/en.json';
import type projects from './projects/en.json';
import type reports from './reports/en.json';
import type schema from './schema/en.json';
import type settings from './settings/en.json';
import type studio from './studio/en.json';
import type subscriptions from './subscriptions/en.json';
import type team from './team/en.json';
import type viewer from './viewer/en.json';
import type waivers from './waivers/en.json';
import type wizard from './wizard/en.json';

type Catalogue = Promise<{ default: Record<string, unknown> }>;
type OnDemandNamespace = keyof typeof onDemandCatalogues;

/**
 * The loader of a namespace the first views do not need: its table (on-demand.ts) is a chunk of its
 * own, fetched with the first such namespace, so the sign-in page and the dashboard's first view carry
 * one short line per namespace instead of four imports each (their budgets, build/bundle-budget.ts).
 */
const onDemand =
  (namespace: OnDemandNamespace) =>
  async (locale: Locale): Catalogue =>
    (await import('./on-demand')).onDemandCatalogues[namespace](locale);

export const namespaces = {
  /** The first view of every page: loading, sign-in, sign-up, the language switcher, common words. */
  app: (locale: Locale): Catalogue => import(`./app/${locale}.json`),
  /** The pages outside the dashboard: the error page, the e-mail verification page and notice. */
  pages: (locale: Locale): Catalogue => import(`./pages/${locale}.json`),
  /** The API's error messages by id (packages/contracts/src/messages/errors): loaded after the first paint. */
  errors: (locale: Locale): Catalogue => shared.errors[locale](),
  /** The shared schemas' validation messages (packages/contracts/src/messages/validation). */
  validation: (locale: Locale): Catalogue => shared.validation[locale](),
  common: onDemand('common'),
  projects: onDemand('projects'),
  reports: onDemand('reports'),
  schema: onDemand('schema'),
  team: onDemand('team'),
  help: onDemand('help'),
  overview: onDemand('overview'),
  settings: onDemand('settings'),
  wizard: onDemand('wizard'),
  subscriptions: onDemand('subscriptions'),
  waivers: onDemand('waivers'),
  permissions: onDemand('permissions'),
  validity: onDemand('validity'),
  studio: onDemand('studio'),
  compliance: onDemand('compliance'),
  inspector: onDemand('inspector'),
  metadata: onDemand('metadata'),
  viewer: onDemand('viewer'),
  changes: onDemand('changes'),
  files: onDemand('files'),
  chat: onDemand('chat'),
  governance: onDemand('governance'),
} as const;

export type Namespace = keyof typeof namespaces;

/** Every message id the web app may render. */
export type MessageId =
  | keyof typeof app
  | keyof typeof common
  | keyof typeof help
  | keyof typeof projects
  | keyof typeof reports
  | keyof typeof schema
  | keyof typeof team
  | keyof typeof overview
  | keyof typeof pages
  | keyof typeof settings
  | keyof typeof wizard
  | keyof typeof subscriptions
  | keyof typeof waivers
  | keyof typeof studio
  | keyof typeof compliance
  | keyof typeof inspector
  | keyof typeof metadata
  | keyof typeof viewer
  | keyof typeof changes
  | keyof typeof files
  | keyof typeof chat
  | keyof typeof governance
  | keyof typeof errors
  | keyof typeof permissions
  | keyof typeof validation
  | keyof typeof validity
  | keyof typeof validityFindings;

// Vite follows a dynamic import with a variable only into relative paths: the shared catalogues are
// listed one by one.
const shared: Record<'errors' | 'validation', Record<Locale, () => Catalogue>> = {
  errors: {
    en: () => import('@plumbline/contracts/messages/errors/en.json'),
    de: () => import('@plumbline/contracts/messages/errors/de.json'),
    fr: () => import('@plumbline/contracts/messages/errors/fr.json'),
    nl: () => import('@plumbline/contracts/messages/errors/nl.json'),
  },
  validation: {
    en: () => import('@plumbline/contracts/messages/validation/en.json'),
    de: () => import('@plumbline/contracts/messages/validation/de.json'),
    fr: () => import('@plumbline/contracts/messages/validation/fr.json'),
    nl: () => import('@plumbline/contracts/messages/validation/nl.json'),
  },
};
