/**
 * The pseudo-locale (en-XA): every English message with its letters accented and 40 % more length,
 * in brackets. Text on a screen that stays plain English was never in a catalogue; a bracket that
 * does not show means the layout cut the text off (decision 0232). Arguments, plural and select
 * structure and tags stay as they are: only the words a translator would translate change.
 */
import type { MessageFormatElement, TYPE as ParserType } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, CompiledMessage } from './translate';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * The parser's element kinds this module looks at, as values of its own: importing the parser's `TYPE`
 * would make the web's pseudo chunk import the app's chunk (where the bundler put the parser) while
 * that chunk's start-up awaits this one, and the page would never start (seen in the built app).
 */
const TYPE = {
  literal: 0 as ParserType.literal,
  select: 5 as ParserType.select,
  plural: 6 as ParserType.plural,
  tag: 8 as ParserType.tag,
} as const;

/** How much longer than English a translation may be: German runs about this much longer. */
export const PSEUDO_EXPANSION = 0.4;

export function accent(text: string): string {
  let out = '';
  for (const char of text) out += ACCENTED[char] ?? char;
  return out;
}

/** The padding that makes a text of `length` characters 40 % longer. */
function padding(length: number): string {
  return '·'.repeat(Math.ceil(length * PSEUDO_EXPANSION));
}

function literalLength(elements: readonly MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) length += element.value.length;
    else if (element.type === TYPE.tag) length += literalLength(element.children);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      length += Math.max(0, ...Object.values(element.options).map((option) => literalLength(option.value)));
    }
  }
  return length;
}

function accentTree(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) };
      case TYPE.tag:
        return { ...element, children: accentTree(element.children) };
      case TYPE.plural:
      case TYPE.select: {
        const options: typeof element.options = {};
        for (const [key, option] of Object.entries(element.options)) {
          options[key] = { ...option, value: accentTree(option.value) };
        }
        return { ...element, options };
      }
      default:
        return element;
    }
  });
}

export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string')
    return message === '' ? '' : `[${accent(message)}${padding(message.length)}]`;
  const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });
  return [literal('['), ...accentTree(message), literal(`${padding(literalLength(message))}]`)];
}

export function pseudoCatalogue(catalogue: CompiledCatalogue): CompiledCatalogue {
  const pseudo: Record<string, CompiledMessage> = {};
  for (const [id, message] of Object.entries(catalogue)) pseudo[id] = pseudoMessage(message);
  return pseudo;
}
