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

/** Specifications as sent to a check thread (check/parallel-check.ts). */
export interface PortableSpecifications {
  readonly portable: unknown;
}

/**
 * A copy of the specifications for a structured clone: a clone reads every `enumeration` getter, so
 * restrictions with a code list go as their text (one copy per distinct list) instead.
 */
export function portableSpecifications(specifications: readonly Specification[]): PortableSpecifications {
  return { portable: toPortable(specifications) };
}

/** The specifications back from `portableSpecifications`, on the check thread. */
export function specificationsFromPortable(p: PortableSpecifications): Specification[] {
  return fromPortable(p.portable) as Specification[];
}

function toPortable(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(toPortable);
  if (x === null || typeof x !== 'object') return x;
  const list = codeLists.get(x as RestrictionValue);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(x)) {
    out[key] =
      list !== undefined && key === 'enumeration'
        ? { codeList: list }
        : toPortable((x as Record<string, unknown>)[key]);
  }
  return out;
}

function fromPortable(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(fromPortable);
  if (x === null || typeof x !== 'object') return x;
  const record = x as Record<string, unknown>;
  const enumeration = record.enumeration as { codeList?: CodeListText } | undefined;
  if (record.kind === 'restriction' && enumeration !== undefined && !Array.isArray(enumeration)) {
    const { kind: _kind, base, enumeration: _enumeration, ...rest } = record;
    return restrictionWithCodeList(
      base as string,
      enumeration.codeList as CodeListText,
      rest as RestrictionRest,
    );
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[key] = fromPortable(record[key]);
  return out;
}
