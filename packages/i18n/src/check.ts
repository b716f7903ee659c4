/**
 * The completeness check of the catalogues (issue 31): every locale holds exactly the source's ids,
 * and each translation takes the same arguments as its English source, compared on the ICU syntax
 * (names and what kind of value each takes; a select's cases; tags), not on the text.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { SourceCatalogue } from './compile';

type ValueKind = 'any' | 'number' | 'date' | 'text' | 'tag';

interface Signature {
  /** Argument name → the kind of value it takes ('any' for a plain `{name}`). */
  readonly args: Map<string, ValueKind>;
  /** Select argument name → its cases. */
  readonly selects: Map<string, string>;
}

function kindOf(element: MessageFormatElement): ValueKind | null {
  switch (element.type) {
    case TYPE.argument:
      return 'any';
    case TYPE.number:
    case TYPE.plural:
      return 'number';
    case TYPE.date:
    case TYPE.time:
      return 'date';
    case TYPE.select:
      return 'text';
    case TYPE.tag:
      return 'tag';
    default:
      return null;
  }
}

function collect(elements: readonly MessageFormatElement[], into: Signature): void {
  for (const element of elements) {
    const kind = kindOf(element);
    if (kind && 'value' in element) {
      const seen = into.args.get(element.value);
      // A plain `{n}` beside `{n, number}` names one value; the specific kind wins.
      if (!seen || seen === 'any') into.args.set(element.value, kind);
    }
    if (element.type === TYPE.select) {
      into.selects.set(element.value, Object.keys(element.options).sort().join('|'));
    }
    if (element.type === TYPE.tag) collect(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) collect(option.value, into);
    }
  }
}

export function signatureOf(message: string): Signature {
  const signature: Signature = { args: new Map(), selects: new Map() };
  collect(parse(message), signature);
  return signature;
}

function describe(signature: Signature): string {
  const args = [...signature.args].map(([name, kind]) => `${name}:${kind}`).sort();
  const selects = [...signature.selects].map(([name, cases]) => `${name}{${cases}}`).sort();
  return [...args, ...selects].join(', ') || '(none)';
}

function sameSignature(a: Signature, b: Signature): boolean {
  if (a.args.size !== b.args.size || a.selects.size !== b.selects.size) return false;
  for (const [name, kind] of a.args) {
    const other = b.args.get(name);
    if (other === undefined) return false;
    if (kind !== other && kind !== 'any' && other !== 'any') return false;
  }
  for (const [name, cases] of a.selects) if (b.selects.get(name) !== cases) return false;
  return true;
}

export interface CatalogueProblem {
  readonly id: string;
  readonly problem: string;
}

/** The source's own problems: a message whose ICU syntax does not parse. */
export function checkSource(source: SourceCatalogue): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const [id, message] of Object.entries(source)) {
    try {
      parse(message);
    } catch (error) {
      problems.push({ id, problem: `does not parse: ${(error as Error).message}` });
    }
  }
  return problems;
}

/** What a translation lacks, has too much of, or takes differently from its source. */
export function compareCatalogues(source: SourceCatalogue, translation: SourceCatalogue): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const id of Object.keys(source)) {
    if (!Object.hasOwn(translation, id)) problems.push({ id, problem: 'missing' });
  }
  for (const [id, message] of Object.entries(translation)) {
    const original = source[id];
    if (original === undefined) {
      problems.push({ id, problem: 'not in the source catalogue (en)' });
      continue;
    }
    if (message.trim() === '' && original.trim() !== '') {
      problems.push({ id, problem: 'empty' });
      continue;
    }
    let expected: Signature;
    let actual: Signature;
    try {
      expected = signatureOf(original);
      actual = signatureOf(message);
    } catch (error) {
      problems.push({ id, problem: `does not parse: ${(error as Error).message}` });
      continue;
    }
    if (!sameSignature(expected, actual)) {
      problems.push({ id, problem: `arguments ${describe(actual)}, the source has ${describe(expected)}` });
    }
  }
  return problems;
}

/** The text of a message as written, without its ICU syntax: each literal, in and under every option. */
function literals(elements: readonly MessageFormatElement[], into: string[]): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) into.push(element.value);
    if (element.type === TYPE.tag) literals(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) literals(option.value, into);
    }
  }
  return into;
}

/**
 * French typography (docs/i18n.md): a no-break space (U+00A0, or the narrow U+202F) before `: ; ! ?`
 * and `»`, and after `«`; a plain space there lets a line break strand the mark. The places a
 * message's text has a plain space instead, as short excerpts; ICU syntax (`{n, number, ::percent}`)
 * is not text and is not looked at.
 */
export function frenchSpacingProblems(message: string): string[] {
  const found: string[] = [];
  for (const text of literals(parse(message), [])) {
    for (const match of text.matchAll(/ [:;!?»]|« /g)) {
      const at = match.index ?? 0;
      found.push(text.slice(Math.max(0, at - 12), at + match[0].length).replaceAll(' ', '␣'));
    }
  }
  return found;
}

/** The places of a message's text (its literals), as [start, end) offsets into the message. */
function literalRanges(elements: readonly MessageFormatElement[], into: Array<[number, number]>) {
  for (const element of elements) {
    if (element.type === TYPE.literal && element.location) {
      into.push([element.location.start.offset, element.location.end.offset]);
    }
    if (element.type === TYPE.tag) literalRanges(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) literalRanges(option.value, into);
    }
  }
  return into;
}

/** The message with a no-break space where `frenchSpacingProblems` finds a plain one (text only). */
export function withFrenchSpacing(message: string): string {
  let fixed = message;
  for (const [start, end] of literalRanges(parse(message, { captureLocation: true }), [])) {
    const text = fixed
      .slice(start, end)
      .replace(/ (?=[:;!?»])/g, '\u00a0')
      .replace(/« /g, '«\u00a0');
    fixed = fixed.slice(0, start) + text + fixed.slice(end);
  }
  return fixed;
}
