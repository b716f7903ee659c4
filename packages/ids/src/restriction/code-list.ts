/**
 * Restriction values whose enumeration is a code list kept as text (xml/code-list-text.ts, issue 22).
 * The document's `enumeration` is still an array of strings, made from the text the first time it is
 * read; the matcher (matcher.ts) finds the text with `codeListOf` and looks values up in it, so a
 * pack's 600,000 values need not become strings to be checked. Identical lists (national packs
 * repeat one list in many specifications) are one object, so they are indexed and sent once.
 */
import type { RestrictionValue, Specification } from '../document';
import { type CodeListText, codeListValues } from '../xml/code-list-text';

const codeLists = new WeakMap<RestrictionValue, CodeListText>();

type RestrictionRest = Omit<RestrictionValue, 'kind' | 'base' | 'enumeration'>;

/** A restriction value whose `enumeration` is read from `list` when first asked for. */
export function restrictionWithCodeList(
  base: string,
  list: CodeListText,
  rest: RestrictionRest,
): RestrictionValue {
  let values: readonly string[] | null = null;
  const value: RestrictionValue = {
    kind: 'restriction',
    base,
    get enumeration() {
      values ??= codeListValues(list);
      return values;
    },
    ...rest,
  };
  codeLists.set(value, list);
  return value;
}

/** The code list text a restriction's enumeration is read from, if it was read that way. */
export function codeListOf(value: RestrictionValue): CodeListText | null {
  return codeLists.get(value) ?? null;
}

/** Lists compared in full with one that looks the same, at most: bounds the cost on crafted packs. */
const MAX_LOOKALIKES = 4;
const SAMPLE = 48;

/**
 * One object per distinct code list text within a document. Texts are grouped by their length,
 * count and ends, and compared in full only within a group of at most MAX_LOOKALIKES.
 */
export class CodeListInterner {
  private readonly byLook = new Map<string, CodeListText[]>();

  intern(list: CodeListText): CodeListText {
    const { text } = list;
    const look = `${list.count}:${text.length}:${text.slice(0, SAMPLE)}\u0000${text.slice(-SAMPLE)}`;
    const group = this.byLook.get(look);
    if (group === undefined) {
      this.byLook.set(look, [list]);
      return list;
    }
    for (const known of group) if (known.text === text) return known;
    if (group.length < MAX_LOOKALIKES) group.push(list);
    return list;
  }
}

/**
 * Specifications as sent to a check thread (check/parallel-check.ts): a structured clone reads every
 * `enumeration` getter, so restrictions with a code list name it by number instead, and the distinct
 * code list texts go in one shared buffer (UTF-8), not copied into the message; the thread makes a
 * list's text a string when it first looks a value up in it.
 */
export interface PortableSpecifications {
  readonly portable: unknown;
  /** The code list texts one after another, and [byte start, byte end, value count] for each. */
  readonly codeLists: { readonly bytes: SharedArrayBuffer; readonly ranges: Int32Array } | null;
}

export function portableSpecifications(specifications: readonly Specification[]): PortableSpecifications {
  const numbers = new Map<CodeListText, number>();
  const portable = toPortable(specifications, numbers);
  if (numbers.size === 0) return { portable, codeLists: null };
  const lists = [...numbers.keys()];
  const sizes = lists.map((list) => Buffer.byteLength(list.text, 'utf8'));
  const bytes = new SharedArrayBuffer(sizes.reduce((n, size) => n + size, 0));
  const buffer = Buffer.from(bytes);
  const ranges = new Int32Array(lists.length * 3);
  let at = 0;
  lists.forEach((list, i) => {
    ranges[i * 3] = at;
    // As many bytes as characters: all ASCII, which Latin-1 writes byte for byte (a copy, where
    // the UTF-8 encoder takes several times as long over a national pack's lists).
    const encoding = sizes[i] === list.text.length ? 'latin1' : 'utf8';
    at += buffer.write(list.text, at, encoding);
    ranges[i * 3 + 1] = at;
    ranges[i * 3 + 2] = list.count;
  });
  return { portable, codeLists: { bytes, ranges } };
}

/** The specifications back from `portableSpecifications`, on the check thread. */
export function specificationsFromPortable(p: PortableSpecifications): Specification[] {
  const lists: CodeListText[] = [];
  if (p.codeLists !== null) {
    const buffer = Buffer.from(p.codeLists.bytes);
    const { ranges } = p.codeLists;
    for (let i = 0; i < ranges.length; i += 3)
      lists.push(
        new SharedCodeListText(buffer, ranges[i] as number, ranges[i + 1] as number, ranges[i + 2] as number),
      );
  }
  return fromPortable(p.portable, lists) as Specification[];
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A code list in the shared buffer. Look-ups search its UTF-8 bytes, so a thread that only looks
 * values up never decodes the text (for a national pack, tens of MB a thread); the text is read
 * when first needed otherwise (the values of a reason, an index).
 */
export class SharedCodeListText implements CodeListText {
  private decoded: string | null = null;
  private readonly bytes: Buffer;

  constructor(
    buffer: Buffer,
    start: number,
    end: number,
    readonly count: number,
  ) {
    this.bytes = buffer.subarray(start, end);
  }

  get text(): string {
    this.decoded ??= this.bytes.toString('utf8');
    return this.decoded;
  }

  /**
   * UTF-8 maps characters to byte sequences one to one and no character's bytes end another's
   * start, so the bytes of `"value"` occur in the bytes exactly where `"value"` occurs in the text.
   * A lone surrogate has no UTF-8 form (it would be written as U+FFFD): a value with surrogates is
   * searched in the text.
   */
  includes(value: string): boolean {
    if (this.decoded !== null || SURROGATE.test(value)) return this.text.includes(`"${value}"`);
    return this.bytes.indexOf(`"${value}"`, 0, 'utf8') !== -1;
  }
}

function toPortable(x: unknown, numbers: Map<CodeListText, number>): unknown {
  if (Array.isArray(x)) return x.map((item) => toPortable(item, numbers));
  if (x === null || typeof x !== 'object') return x;
  const list = codeLists.get(x as RestrictionValue);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(x)) {
    if (list !== undefined && key === 'enumeration') {
      let n = numbers.get(list);
      if (n === undefined) {
        n = numbers.size;
        numbers.set(list, n);
      }
      out[key] = { codeList: n };
    } else out[key] = toPortable((x as Record<string, unknown>)[key], numbers);
  }
  return out;
}

function fromPortable(x: unknown, lists: readonly CodeListText[]): unknown {
  if (Array.isArray(x)) return x.map((item) => fromPortable(item, lists));
  if (x === null || typeof x !== 'object') return x;
  const record = x as Record<string, unknown>;
  const enumeration = record.enumeration as { codeList?: number } | undefined;
  if (record.kind === 'restriction' && enumeration !== undefined && !Array.isArray(enumeration)) {
    const { kind: _kind, base, enumeration: _enumeration, ...rest } = record;
    const list = lists[enumeration.codeList as number] as CodeListText;
    return restrictionWithCodeList(base as string, list, rest as RestrictionRest);
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[key] = fromPortable(record[key], lists);
  return out;
}
