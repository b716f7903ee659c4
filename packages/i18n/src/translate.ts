/**
 * Rendering a message of a catalogue in a locale. A compiled catalogue maps each id to a plain string
 * (a message without arguments, used as it is) or to the message's ICU syntax tree, which FormatJS's
 * `intl-messageformat` formats: plurals and selects by the locale's rules, numbers and dates by `Intl`.
 * The syntax trees are made ahead of time (compile.ts: at build for the browser, at first use on the
 * server), so the browser never downloads the ICU parser (decision 0230).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { intlLocale, type UiLocale } from './locales';

export type CompiledMessage = string | MessageFormatElement[];
export type CompiledCatalogue = Readonly<Record<string, CompiledMessage>>;

/** What a message's arguments may be: text, numbers, dates; functions for tags (`<b>…</b>`). */
export type MessageValue = string | number | bigint | boolean | Date | null | undefined;
export type MessageValues = Readonly<Record<string, MessageValue>>;

const formatters = new WeakMap<MessageFormatElement[], Map<string, IntlMessageFormat>>();

function formatterOf(ast: MessageFormatElement[], locale: string): IntlMessageFormat {
  let byLocale = formatters.get(ast);
  if (!byLocale) {
    byLocale = new Map();
    formatters.set(ast, byLocale);
  }
  let formatter = byLocale.get(locale);
  if (!formatter) {
    formatter = new IntlMessageFormat(ast, locale);
    byLocale.set(locale, formatter);
  }
  return formatter;
}

/** The values with every argument a message names but the caller left out as empty text. */
function lenient<T extends object>(values: T | undefined): T {
  return new Proxy((values ?? {}) as T, {
    has: () => true,
    get: (target, key) => (Object.hasOwn(target, key) ? target[key as keyof T] : ''),
  });
}

function formatWith<T>(
  formatter: IntlMessageFormat,
  values: object | undefined,
): string | T | (string | T)[] {
  try {
    return formatter.format<T>(values as Record<string, T>);
  } catch {
    // A missing argument is a slip of the caller's: show the rest of the sentence, never a crash.
    return formatter.format<T>(lenient(values) as Record<string, T>);
  }
}

/** One message with its arguments. A missing argument renders as nothing rather than throwing. */
export function formatMessage(locale: UiLocale, message: CompiledMessage, values?: MessageValues): string {
  if (typeof message === 'string') return message;
  const result = formatWith<string>(formatterOf(message, intlLocale(locale)), values);
  return Array.isArray(result) ? result.join('') : String(result);
}

/**
 * One message whose tags (`<link>…</link>`) become whatever the caller's functions make of their
 * content (React elements in the web app); the parts come back as a list.
 */
export function formatMessageParts<T>(
  locale: UiLocale,
  message: CompiledMessage,
  values: RichValues<T>,
): (string | T)[] {
  if (typeof message === 'string') return [message];
  const result = formatWith<T>(formatterOf(message, intlLocale(locale)), values);
  return Array.isArray(result) ? result : [result];
}

/** Values of a message with tags: each tag a function of its content (`link: (chunks) => <a>…</a>`). */
export type RichValues<T> = Readonly<Record<string, MessageValue | T | ((chunks: (string | T)[]) => T)>>;

export interface Translator<Id extends string = string> {
  (id: Id, values?: MessageValues): string;
  /** A message whose tags become the caller's objects (React elements): the parts, in order. */
  parts<T>(id: Id, values: RichValues<T>): (string | T)[];
  readonly locale: UiLocale;
  /** Whether the catalogues hold `id` (for ids that come as data, e.g. an error's message id). */
  has(id: string): id is Id;
}

/**
 * A function that renders ids of the given catalogues (searched in order; the first that holds the
 * id wins, so a locale's catalogue can be followed by English as its fallback). An id no catalogue
 * holds renders as the id itself: visible, never a crash.
 */
export function createTranslator<Id extends string = string>(
  locale: UiLocale,
  ...catalogues: readonly CompiledCatalogue[]
): Translator<Id> {
  const lookup = (id: string): CompiledMessage | undefined => {
    for (const catalogue of catalogues) {
      if (Object.hasOwn(catalogue, id)) return catalogue[id];
    }
    return undefined;
  };
  const t = ((id: Id, values?: MessageValues) => {
    const message = lookup(id);
    return message === undefined ? id : formatMessage(locale, message, values);
  }) as Translator<Id>;
  Object.defineProperty(t, 'locale', { value: locale });
  Object.assign(t, {
    has: (id: string) => lookup(id) !== undefined,
    parts: <T>(id: Id, values: RichValues<T>) => {
      const message = lookup(id);
      return message === undefined ? [id] : formatMessageParts<T>(locale, message, values);
    },
  });
  return t;
}
