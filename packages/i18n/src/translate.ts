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

/** The syntax tree's element types formatted without `Intl` (@formatjs/icu-messageformat-parser's TYPE). */
const LITERAL = 0;
const ARGUMENT = 1;
const TAG = 8;

const plainness = new WeakMap<MessageFormatElement[], boolean>();

/** Whether a message holds only text, plain arguments and tags: no plural, select, number or date. */
function isPlain(ast: MessageFormatElement[]): boolean {
  let plain = plainness.get(ast);
  if (plain === undefined) {
    plain = ast.every((el) => {
      const type = el.type as number;
      return type === LITERAL || type === ARGUMENT || (type === TAG && isPlain((el as Element).children));
    });
    plainness.set(ast, plain);
  }
  return plain;
}

/** The fields of a literal, argument or tag element that formatting reads. */
interface Element {
  type: number;
  value: string;
  children: MessageFormatElement[];
}

interface Part<T> {
  text: boolean;
  value: string | T;
}
const NOT_PLAIN = Symbol('not plain');

/** intl-messageformat's formatToParts for a plain message, or NOT_PLAIN when a tag has no function. */
function plainParts<T>(
  ast: MessageFormatElement[],
  values: object | undefined,
): Part<T>[] | typeof NOT_PLAIN {
  const given = (values ?? {}) as Record<string, unknown>;
  const parts: Part<T>[] = [];
  const push = (part: Part<T>) => {
    const last = parts[parts.length - 1];
    if (last?.text && part.text) last.value = `${last.value}${part.value}`;
    else parts.push(part);
  };
  for (const el of ast as unknown as Element[]) {
    if (el.type === LITERAL) push({ text: true, value: el.value });
    else if (el.type === ARGUMENT) {
      // A missing argument is empty text, as formatWith's lenient retry makes it.
      const value = el.value in given ? given[el.value] : '';
      if (!value || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
        push({
          text: true,
          value:
            typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
              ? String(value)
              : '',
        });
      else push({ text: false, value: value as T });
    } else if (el.type === TAG) {
      const tag = given[el.value];
      if (typeof tag !== 'function') return NOT_PLAIN;
      const inner = plainParts<T>(el.children, values);
      if (inner === NOT_PLAIN) return NOT_PLAIN;
      const made = tag(inner.map((part) => part.value)) as unknown;
      for (const chunk of Array.isArray(made) ? made : [made])
        push({ text: typeof chunk === 'string', value: chunk as string | T });
    }
  }
  return parts;
}

/**
 * A plain message formatted as intl-messageformat's `format` does, without constructing it: its
 * constructor resolves the locale through `Intl`, and the page's first use of `Intl` loads the
 * browser's locale data, a long task on a phone (issue 37, decision 0441). The sign-in page's
 * messages are all plain, so it never touches `Intl`.
 */
function formatPlain<T>(ast: MessageFormatElement[], values: object | undefined) {
  if (!isPlain(ast)) return NOT_PLAIN;
  const parts = plainParts<T>(ast, values);
  if (parts === NOT_PLAIN) return NOT_PLAIN;
  if (parts.length === 1) return (parts[0] as Part<T>).value;
  const result: (string | T)[] = [];
  for (const part of parts) {
    const last = result[result.length - 1];
    if (result.length === 0 || !part.text || typeof last !== 'string') result.push(part.value);
    else result[result.length - 1] = `${last}${part.value}`;
  }
  return result.length <= 1 ? (result[0] ?? '') : result;
}

/** One message with its arguments. A missing argument renders as nothing rather than throwing. */
export function formatMessage(locale: UiLocale, message: CompiledMessage, values?: MessageValues): string {
  if (typeof message === 'string') return message;
  const plain = formatPlain<string>(message, values);
  const result =
    plain !== NOT_PLAIN ? plain : formatWith<string>(formatterOf(message, intlLocale(locale)), values);
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
  const plain = formatPlain<T>(message, values);
  const result =
    plain !== NOT_PLAIN ? plain : formatWith<T>(formatterOf(message, intlLocale(locale)), values);
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
