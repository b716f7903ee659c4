import type { Locale } from '@plumbline/i18n/locales';

type Catalogue = Promise<{ default: Record<string, unknown> }>;

/**
 * The loaders of the namespaces no first view needs, in a module index.ts imports on demand: the
 * sign-in page and the dashboard's first view carry none of them (build/bundle-budget.ts). A component
 * asks for its namespace (`useT('team')`) and it is loaded in the page's language. Vite follows a
 * dynamic import with a variable only into relative paths: the shared packages' catalogues are listed
 * one by one.
 */
export const onDemandCatalogues = {
  /** Shared components and the dashboard's frame (pagination, filters, dialogs, the demo banner): loaded beside the dashboard. */
  common: (locale: Locale): Catalogue => import(`./common/${locale}.json`),
  /** The Projects tab, the project selector and the project dialogs. */
  projects: (locale: Locale): Catalogue => import(`./projects/${locale}.json`),
  /** The Reports tab. */
  reports: (locale: Locale): Catalogue => import(`./reports/${locale}.json`),
  /** The IDS Schema tab. */
  schema: (locale: Locale): Catalogue => import(`./schema/${locale}.json`),
  /** The Team tab: members, invitations, webhooks. */
  team: (locale: Locale): Catalogue => import(`./team/${locale}.json`),
  /** The help pages (ACC integration, contact). */
  help: (locale: Locale): Catalogue => import(`./help/${locale}.json`),
  /** The Overview tab. */
  overview: (locale: Locale): Catalogue => import(`./overview/${locale}.json`),
  /** The Settings tab. */
  settings: (locale: Locale): Catalogue => import(`./settings/${locale}.json`),
  /** The Create New Project wizard (its IDS files and the demo's simulated payment so far). */
  wizard: (locale: Locale): Catalogue => import(`./wizard/${locale}.json`),
  /** The Subscriptions tab: prices, plan changes, the in-app billing portal. */
  subscriptions: (locale: Locale): Catalogue => import(`./subscriptions/${locale}.json`),
  /** Waivers: the request dialog and the Waivers view (issue 32). */
  waivers: (locale: Locale): Catalogue => import(`./waivers/${locale}.json`),
  /** The IDS Studio's editing, pickers, live counts and saving (issue 33). */
  studio: (locale: Locale): Catalogue => import(`./studio/${locale}.json`),
  /** The IDS Compliance view, its results and BCF export, and the Element Inspector. */
  compliance: (locale: Locale): Catalogue => import(`./compliance/${locale}.json`),
  /** The File Inspector: its Compliance, Schema Attributes, Extra Attributes and Validity tabs. */
  inspector: (locale: Locale): Catalogue => import(`./inspector/${locale}.json`),
  /** The Metadata Explorer: its table, filters, details dialog and exports. */
  metadata: (locale: Locale): Catalogue => import(`./metadata/${locale}.json`),
  /** The 3D viewers: their tools, legend, keyboard help, loading and errors. */
  viewer: (locale: Locale): Catalogue => import(`./viewer/${locale}.json`),
  /** A file's Changes view: what newly fails, what was fixed and removed between two versions (issue 30). */
  changes: (locale: Locale): Catalogue => import(`./changes/${locale}.json`),
  /** A project's files: IFC and IDS lists, uploads, revisions, deleting, the Studio's dialog. */
  files: (locale: Locale): Catalogue => import(`./files/${locale}.json`),
  /** The AI assistant's panel: its frame, intro, messages and input (its answers come from the server). */
  chat: (locale: Locale): Catalogue => import(`./chat/${locale}.json`),
  /** API tokens and the audit trail (Settings, Team). */
  governance: (locale: Locale): Catalogue => import(`./governance/${locale}.json`),
  /** Why a role may not take an action (packages/contracts/src/messages/permissions). */
  permissions: (locale: Locale): Catalogue =>
    ({
      en: () => import('@plumbline/contracts/messages/permissions/en.json'),
      de: () => import('@plumbline/contracts/messages/permissions/de.json'),
      fr: () => import('@plumbline/contracts/messages/permissions/fr.json'),
      nl: () => import('@plumbline/contracts/messages/permissions/nl.json'),
    })[locale](),
  /**
   * The validity findings' messages, the rules' one-line explanations and why a verdict is marked
   * unreliable (packages/validity/src/messages and its rules/), one catalogue.
   */
  validity: async (locale: Locale): Catalogue => {
    const [findings, rules] = await Promise.all([
      (
        {
          en: () => import('@plumbline/validity/messages/en.json'),
          de: () => import('@plumbline/validity/messages/de.json'),
          fr: () => import('@plumbline/validity/messages/fr.json'),
          nl: () => import('@plumbline/validity/messages/nl.json'),
        } as Record<Locale, () => Catalogue>
      )[locale](),
      (
        {
          en: () => import('@plumbline/validity/messages/rules/en.json'),
          de: () => import('@plumbline/validity/messages/rules/de.json'),
          fr: () => import('@plumbline/validity/messages/rules/fr.json'),
          nl: () => import('@plumbline/validity/messages/rules/nl.json'),
        } as Record<Locale, () => Catalogue>
      )[locale](),
    ]);
    return { default: { ...findings.default, ...rules.default } };
  },
};
