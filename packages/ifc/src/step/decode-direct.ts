/**
 * Values read straight from an instance's bytes without building StepValues (decision 0182): a
 * string, the references of a parameter, a scalar and its unit, relation pairs. Each gives exactly
 * what the full decoder (decode.ts) gives, and hands anything unusual to it.
 */

import {
  type Cursor,
  decodeParameterAt,
  isNameByte,
  latin1,
  parseNumber,
  sharedCursor,
  skipParameter,
} from './decode';
import { skipSpace } from './index-file';
import { decodeStepString, internUpperName } from './strings';

/**
 * The offset of top-level parameter number `index` (at its first byte or the white space before
 * it), skipping the others without decoding them; -1 when the instance has fewer parameters.
 */
export function parameterOffset(bytes: Uint8Array, paramStart: number, end: number, index: number): number {
  return parameterOffsetFrom(bytes, paramStart + 1, 0, end, index);
}

/**
 * `parameterOffset` continued from an earlier answer: `p` the offset of top-level parameter number
 * `param` (at or before `index`), so that reading several parameters of one instance front to back
 * walks its bytes once.
 */
export function parameterOffsetFrom(
  bytes: Uint8Array,
  from: number,
  fromParam: number,
  end: number,
  index: number,
): number {
  let p = from;
  let depth = 0;
  let param = fromParam;
  while (param < index) {
    if (p >= end) return -1;
    const c = bytes[p]!;
    if (c === 39) {
      let q = bytes.indexOf(39, p + 1);
      while (q !== -1 && bytes[q + 1] === 39) q = bytes.indexOf(39, q + 2);
      if (q === -1 || q > end) return -1;
      p = q + 1;
      continue;
    }
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) return -1;
      depth--;
    } else if (c === 44 && depth === 0) param++;
    p++;
  }
  return p;
}

/** The closing quote of the string literal whose opening quote is at `open`, or -1. */
function stringEnd(bytes: Uint8Array, open: number, end: number): number {
  let q = bytes.indexOf(39, open + 1);
  while (q !== -1 && q < end && bytes[q + 1] === 39) q = bytes.indexOf(39, q + 2);
  return q === -1 || q > end ? -1 : q;
}

/**
 * Parameter number `index` as a string, without building a StepValue: the literal's text when it
 * is a string, or (with `unwrapTyped`) a string inside a typed value such as `IFCLABEL('x')`; null
 * when it is anything else; undefined when the instance has fewer parameters. Exactly what
 * decoding the parameter and reading its string would give.
 */
export function decodeStringAt(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  index: number,
  unwrapTyped: boolean,
): string | null | undefined {
  const at = parameterOffset(bytes, paramStart, end, index);
  if (at < 0) return undefined;
  let p = skipSpace(bytes, at);
  let c = bytes[p];
  if (c === 39) {
    const q = stringEnd(bytes, p, end);
    if (q >= 0) {
      const after = skipSpace(bytes, q + 1);
      if (bytes[after] === 44 || bytes[after] === 41) return decodeStepString(bytes, p + 1, q);
    }
  } else if (c === 36 || c === 42 || c === 35 || c === 46 || c === 40) {
    return null; // $, *, a reference, an enumeration, a list: not a string
  } else if (c === 41) {
    return undefined;
  } else if (c !== undefined && isNameByte(c) && !(c >= 48 && c <= 57)) {
    // A typed value: NAME ( value )
    while (p < end && isNameByte(bytes[p]!)) p++;
    p = skipSpace(bytes, p);
    if (bytes[p] === 40) {
      p = skipSpace(bytes, p + 1);
      c = bytes[p];
      if (c !== 39) {
        if (c === 36 || c === 42 || c === 35 || c === 46 || (c !== undefined && c >= 48 && c <= 57))
          return null;
      } else {
        const q = stringEnd(bytes, p, end);
        if (q >= 0 && bytes[skipSpace(bytes, q + 1)] === 41)
          return unwrapTyped ? decodeStepString(bytes, p + 1, q) : null;
      }
    }
  } else if (c !== undefined && ((c >= 48 && c <= 57) || c === 45 || c === 43)) {
    return null; // a number
  }
  // Anything unusual: the full decoder (which reports malformed values).
  const v = decodeParameterAt(bytes, paramStart, end, index);
  if (v === undefined) return undefined;
  const inner = unwrapTyped && v.kind === 'typed' ? v.value : v;
  return inner.kind === 'string' ? inner.value : null;
}

/**
 * Appends to `out` the references of parameter number `index`: the parameter itself when it is a
 * reference, else the references among the items of a list (not nested deeper). Exactly what
 * decoding the parameter and taking its references would give; returns `out`.
 */
export function referencesAt(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  index: number,
  out: number[],
): number[] {
  const n = referencesInto(bytes, paramStart, end, index, out, out.length);
  if (out.length !== n) out.length = n;
  return out;
}

/**
 * `referencesAt`, written into `out` from position `at` on (`out[at] …`), returning the position
 * after the last: what is in `out` from there on is left as it was (the caller sets the length).
 * A pass that reads many short lists into one array uses it without emptying the array first:
 * `length = 0` drops an array's storage, and the next writes allocate it again.
 */
export function referencesInto(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  index: number,
  out: number[],
  at: number,
): number {
  return referencesFrom(
    bytes,
    parameterOffset(bytes, paramStart, end, index),
    paramStart,
    end,
    index,
    out,
    at,
  );
}

/**
 * `referencesInto` with the parameter's offset already found (`offset`, as `parameterOffset` gives
 * it; -1 none): for a reader that walks on from the attribute it read before.
 */
export function referencesFrom(
  bytes: Uint8Array,
  offset: number,
  paramStart: number,
  end: number,
  index: number,
  out: number[],
  at: number,
): number {
  if (offset < 0) return at;
  let p = skipSpace(bytes, offset);
  const c = bytes[p];
  if (c === 36 || c === 41) return at; // $ or no such parameter
  let n = at;
  if (c === 35 || c === 40) {
    // A reference, or a flat list of references: (#1,#2,…)
    const list = c === 40;
    if (list) {
      p = skipSpace(bytes, p + 1);
      if (bytes[p] === 41) return at;
    }
    for (;;) {
      if (bytes[p] !== 35) break;
      let id = 0;
      let q = p + 1;
      for (let d = bytes[q]!; d >= 48 && d <= 57; d = bytes[++q]!) id = id * 10 + (d - 48);
      if (q === p + 1) break;
      out[n++] = id;
      p = skipSpace(bytes, q);
      const next = bytes[p];
      if (!list) {
        if (next === 44 || next === 41) return n;
        break;
      }
      if (next === 41) return n;
      if (next !== 44) break;
      p = skipSpace(bytes, p + 1);
    }
    n = at; // not that simple: the full decoder below
  } else if (c === 39 || c === 46 || c === 42) {
    return at; // a string, an enumeration or derived: no references
  }
  const v = decodeParameterAt(bytes, paramStart, end, index);
  if (v?.kind === 'ref') out[n++] = v.id;
  else if (v?.kind === 'list') for (const item of v.items) if (item.kind === 'ref') out[n++] = item.id;
  return n;
}

/**
 * The instance ids referenced (at any nesting depth) by the top-level parameter number `index`
 * of an instance, read straight from the bytes without decoding anything else. Used to build the
 * relation indexes quickly.
 */
export function extractRefs(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  index: number,
  out: number[],
): void {
  extractRefPairs(bytes, paramStart, end, index, out, -1, out);
}

/** Like `extractRefs`, for two parameters in one pass (`outA` gets `a`'s, `outB` gets `b`'s). */
export function extractRefPairs(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  a: number,
  outA: number[],
  b: number,
  outB: number[],
): void {
  const last = Math.max(a, b);
  let p = paramStart + 1;
  let depth = 0;
  let param = 0;
  while (p < end) {
    const c = bytes[p]!;
    if (c === 39) {
      // skip a string ('' escapes a quote)
      let q = bytes.indexOf(39, p + 1);
      while (q !== -1 && bytes[q + 1] === 39) q = bytes.indexOf(39, q + 2);
      if (q === -1) return;
      p = q + 1;
      continue;
    }
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) return;
      depth--;
    } else if (c === 44 && depth === 0) {
      if (param === last) return;
      param++;
    } else if (c === 35 && (param === a || param === b)) {
      let id = 0;
      let d = bytes[++p]!;
      for (; d >= 48 && d <= 57; d = bytes[++p]!) id = id * 10 + (d - 48);
      (param === a ? outA : outB).push(id);
      continue;
    }
    p++;
  }
}

/**
 * What `decodeScalarFields` reads: one value parameter as a scalar (bare or typed literal), and a
 * unit reference. Filled in place (no allocation besides the text of strings and enumerations).
 */
export interface ScalarFields {
  /**
   * 'null' for `$` or `*`; 'other' when the value is not a plain or typed literal (a list, a
   * reference, nested types, anything malformed): read it with `decodeSimpleFields` then.
   */
  kind: 'null' | 'integer' | 'real' | 'string' | 'enum' | 'binary' | 'other';
  /** The typed value's type name (upper case), or null for a bare literal. */
  type: string | null;
  number: number;
  text: string;
  /** The unit parameter's reference, or null. */
  unit: number | null;
}

/** Reads the literal at `cur.pos` into `out` (kind, number, text); false when it is not a scalar literal. */
function readLiteral(cur: Cursor, out: ScalarFields): boolean {
  const b = cur.bytes;
  const c = b[cur.pos];
  if (c === 39) {
    const from = cur.pos + 1;
    let q = b.indexOf(39, from);
    while (q !== -1 && q < cur.end && b[q + 1] === 39) q = b.indexOf(39, q + 2);
    if (q === -1 || q > cur.end) return false;
    cur.pos = q + 1;
    out.kind = 'string';
    out.text = decodeStepString(b, from, q);
    return true;
  }
  if (c === 46 || c === 34) {
    const q = b.indexOf(c, cur.pos + 1);
    if (q === -1 || q > cur.end) return false;
    out.kind = c === 46 ? 'enum' : 'binary';
    out.text = latin1(b, cur.pos + 1, q);
    cur.pos = q + 1;
    return true;
  }
  if (c !== undefined && ((c >= 48 && c <= 57) || c === 45 || c === 43)) {
    const v = parseNumber(cur) as { kind: 'integer' | 'real'; value: number };
    out.kind = v.kind;
    out.number = v.value;
    return true;
  }
  return false;
}

/**
 * Reads parameter `valueIndex` as a scalar and parameter `unitIndex` as a reference, in one pass
 * without building StepValues (the hot path of single values and quantities). Gives exactly what
 * `decodeSimpleFields` would, or kind 'other' when the value needs it.
 */
export function decodeScalarFields(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  valueIndex: number,
  unitIndex: number,
  out: ScalarFields,
): ScalarFields {
  out.kind = 'null';
  out.type = null;
  out.unit = null;
  const last = Math.max(valueIndex, unitIndex);
  const cur = sharedCursor(bytes, paramStart, end);
  cur.pos = paramStart + 1;
  for (let param = 0; param <= last; param++) {
    cur.pos = skipSpace(bytes, cur.pos);
    if (param === valueIndex) {
      const c = bytes[cur.pos];
      if (c === 36 || c === 42) cur.pos++;
      else if (c !== undefined && isNameByte(c) && !(c >= 48 && c <= 57)) {
        const from = cur.pos;
        while (isNameByte(bytes[cur.pos]!)) cur.pos++;
        const type = internUpperName(bytes, from, cur.pos);
        cur.pos = skipSpace(bytes, cur.pos);
        if (bytes[cur.pos] !== 40) return other(out);
        cur.pos = skipSpace(bytes, cur.pos + 1);
        if (!readLiteral(cur, out)) return other(out);
        cur.pos = skipSpace(bytes, cur.pos);
        if (bytes[cur.pos] !== 41) return other(out);
        cur.pos++;
        out.type = type;
      } else if (!readLiteral(cur, out)) return other(out);
    } else if (param === unitIndex) {
      if (bytes[cur.pos] === 35) {
        let p = cur.pos + 1;
        let id = 0;
        for (let d = bytes[p]!; d >= 48 && d <= 57; d = bytes[++p]!) id = id * 10 + (d - 48);
        if (p === cur.pos + 1) return other(out);
        cur.pos = p;
        out.unit = id;
      } else skipParameter(cur);
    } else {
      skipParameter(cur);
    }
    cur.pos = skipSpace(bytes, cur.pos);
    const c = bytes[cur.pos];
    if (c === 41) break; // ) — fewer parameters
    if (c !== 44) return other(out);
    cur.pos++;
  }
  return out;
}

function other(out: ScalarFields): ScalarFields {
  out.kind = 'other';
  return out;
}
