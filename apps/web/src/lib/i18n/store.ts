/**
 * The page's language and the catalogues loaded for it (decision 0230, docs/i18n.md). A module, not a
 * React context: event handlers and toasts render messages too (`t`), and components follow a language
 * switch through `useT`. Catalogues arrive compiled (build/icu-catalogues.ts), one namespace of one
 * locale at a time, each when first needed.
 */
import {
  type CompiledCatalogue,
  type CompiledMessage,
  createTranslator,
  DEFAULT_LOCALE,
  type Locale,
  PSEUDO_LOCALE,
  type RichValues,
  type Translator,
  type UiLocale,
} from '@plumbline/i18n';
import { use, useSyncExternalStore } from 'react';
import { type LazyNamespace, type MessageId, type Namespace, namespaces } from '@/messages';
import { applyLocale } from './locale';

type Catalogue = Promise<{ default: Record<string, unknown> }>;

let current: UiLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
/** Every message loaded so far, per locale (namespaces merged: ids are unique across catalogues). */
const messages = new Map<UiLocale, Record<string, CompiledMessage>>();
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const translators = new Map<UiLocale, Translator<MessageId>>();

const keyOf = (locale: UiLocale, namespace: Namespace) => `${locale}/${namespace}`;

async function fetchCatalogue(locale: UiLocale, namespace: Namespace): Promise<CompiledCatalogue> {
  if (locale === PSEUDO_LOCALE) {
    const [english, { pseudoCatalogue }] = await Promise.all([
      fetchCatalogue('en', namespace),
      import('@plumbline/i18n/pseudo'),
    ]);
    return pseudoCatalogue(english);
  }
  // A lazy namespace is asked for only by its screen, whose module has set its loader.
  return (await (namespaces[namespace] as (locale: Locale) => Catalogue)(locale as Locale))
    .default as CompiledCatalogue;
}

/** A lazily loaded screen's catalogue loader, set by the screen's own module (lib/i18n/studio.ts). */
export function registerNamespace(namespace: LazyNamespace, load: (locale: Locale) => Catalogue): void {
  namespaces[namespace] = load;
}

export function isLoaded(locale: UiLocale, namespace: Namespace): boolean {
  return loaded.has(keyOf(locale, namespace));
}

/** One namespace of a locale, loaded once (the same promise for every caller; a failure is tried again). */
function loadOne(locale: UiLocale, namespace: Namespace): Promise<void> {
  const key = keyOf(locale, namespace);
  let promise = loading.get(key);
  if (!promise) {
    promise = fetchCatalogue(locale, namespace).then(
      (catalogue) => {
        const into = messages.get(locale) ?? {};
        Object.assign(into, catalogue);
        messages.set(locale, into);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** Loads namespaces of a locale (each once). */
export function loadNamespaces(locale: UiLocale, wanted: readonly Namespace[]): Promise<void> {
  return Promise.all(wanted.map((namespace) => loadOne(locale, namespace))).then(() => undefined);
}

function translatorOf(locale: UiLocale): Translator<MessageId> {
  let translator = translators.get(locale);
  if (!translator) {
    const into = messages.get(locale) ?? {};
    messages.set(locale, into);
    translator = createTranslator<MessageId>(locale, into);
    translators.set(locale, translator);
  }
  return translator;
}

export function currentLocale(): UiLocale {
  return current;
}

/** Sets the locale without loading anything: for start-up, once its first namespaces are loaded. */
export function startLocale(locale: UiLocale): void {
  current = locale;
  applyLocale(locale);
}

/**
 * Switches the page's language: the namespaces loaded so far are loaded in the new language first, so
 * the page changes in one step, without a loading state.
 */
export async function switchLocale(locale: UiLocale): Promise<void> {
  if (locale === current) return;
  const inUse = (Object.keys(namespaces) as Namespace[]).filter((namespace) => isLoaded(current, namespace));
  await loadNamespaces(locale, inUse);
  current = locale;
  applyLocale(locale);
  for (const listener of listeners) listener();
}

/**
 * The signed-in user's profile language becomes the page's (issue 31), unless the address asks for one
 * (`?lang=`, the pseudo-locale's switch).
 */
export function followProfileLanguage(language: Locale | undefined): void {
  if (!language || language === current) return;
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('lang')) return;
  void switchLocale(language).catch(() => {});
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Renders a message in the page's language, outside React (toasts, error texts built in handlers).
 * Its namespace must be loaded; in components use `useT`, which waits for it.
 */
export const t: Translator<MessageId> = Object.assign(
  (id: MessageId, values?: Parameters<Translator>[1]) => translatorOf(current)(id, values),
  {
    has: (id: string): id is MessageId => translatorOf(current).has(id),
    parts: <T>(id: MessageId, values: RichValues<T>) => translatorOf(current).parts<T>(id, values),
  },
) as Translator<MessageId>;
Object.defineProperty(t, 'locale', { get: () => current });

/**
 * The translator of the page's language, re-rendering the component when the language changes. The
 * first render of a namespace not loaded yet suspends until it is (the nearest `<Suspense>` shows).
 */
export function useT(...wanted: Namespace[]): Translator<MessageId> {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
  // `use` takes the one cached promise per namespace, so React can tell it is the same wait.
  for (const namespace of wanted) if (!isLoaded(locale, namespace)) use(loadOne(locale, namespace));
  return translatorOf(locale);
}

/** The page's language, re-rendering on a switch. */
export function useLocale(): UiLocale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
}
