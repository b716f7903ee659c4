/** Parses the parameter list of one entity instance from its bytes into StepValues. */
import { IfcReadError } from '../errors';
import type { StepValue } from '../model';
import { lineAt, skipSpace } from './index-file';
import { decodeStepString, internUpperName } from './strings';

export const NULL_VALUE: StepValue = Object.freeze({ kind: 'null' });
export const DERIVED_VALUE: StepValue = Object.freeze({ kind: 'derived' });
const EMPTY_LIST: StepValue = Object.freeze({ kind: 'list', items: Object.freeze([]) });
/**
 * Deepest nesting of lists and typed values accepted. IFC nests at most a few levels (a list of
 * lists of coordinates); the parser recurses per level, so untrusted `((((…` must stop well before
 * the call stack does.
 */
export const MAX_VALUE_NESTING = 64;

/** A cursor reused by single-value reads (no allocation per read; parsing is not re-entrant across calls). */
let scratchCursor: Cursor | null = null;

function sharedCursor(bytes: Uint8Array, pos: number, end: number): Cursor {
  if (scratchCursor === null) scratchCursor = new Cursor(bytes, pos, end);
  scratchCursor.bytes = bytes;
  scratchCursor.pos = pos;
  scratchCursor.end = end;
  scratchCursor.depth = 0;
  return scratchCursor;
}

class Cursor {
  /** Lists and typed values open around the current position. */
  depth = 0;

  constructor(
    public bytes: Uint8Array,
    public pos: number,
    public end: number,
  ) {}

  enter(): void {
    if (++this.depth > MAX_VALUE_NESTING)
      this.fail(`values are nested more than ${MAX_VALUE_NESTING} levels deep`);
  }

  fail(problem: string): never {
    throw new IfcReadError('malformed', problem, lineAt(this.bytes, this.pos));
  }
}

/** Short ASCII runs (enums, type names, binaries) as a string. */
function latin1(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(b[k]!);
  return s;
}

function isNameByte(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

function parseNumber(cur: Cursor): StepValue {
  const b = cur.bytes;
  const from = cur.pos;
  let p = from;
  let negative = false;
  if (b[p] === 43 || b[p] === 45) negative = b[p++] === 45;
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let exponent = 0;
  let real = false;
  let c = b[p]!;
  for (; c >= 48 && c <= 57; c = b[++p]!, digits++) mantissa = mantissa * 10 + (c - 48);
  if (c === 46) {
    real = true;
    for (c = b[++p]!; c >= 48 && c <= 57; c = b[++p]!, digits++, decimals++)
      mantissa = mantissa * 10 + (c - 48);
  }
  if (c === 69 || c === 101) {
    real = true;
    c = b[++p]!;
    let expNegative = false;
    if (c === 43 || c === 45) {
      expNegative = c === 45;
      c = b[++p]!;
    }
    let expDigits = 0;
    for (; c >= 48 && c <= 57; c = b[++p]!, expDigits++) exponent = exponent * 10 + (c - 48);
    if (expDigits === 0) cur.fail('invalid number: exponent without digits');
    if (expNegative) exponent = -exponent;
  }
  if (digits === 0) cur.fail('invalid number: no digits');
  cur.pos = p;
  const scale = exponent - decimals;
  let value: number;
  // Exact integers times or divided by exact powers of ten round correctly, like Number(text).
  if (mantissa <= Number.MAX_SAFE_INTEGER && scale >= -22 && scale <= 22) {
    value = scale >= 0 ? mantissa * POW10[scale]! : mantissa / POW10[-scale]!;
  } else {
    // Built char by char: spreading a huge digit run as arguments would overflow the stack.
    value = Math.abs(Number(latin1(b, from, p)));
  }
  if (negative) value = -value;
  return real ? { kind: 'real', value } : { kind: 'integer', value };
}

function parseValue(cur: Cursor): StepValue {
  const b = cur.bytes;
  cur.pos = skipSpace(b, cur.pos);
  const c = b[cur.pos];
  switch (c) {
    case 36: // $
      cur.pos++;
      return NULL_VALUE;
    case 42: // *
      cur.pos++;
      return DERIVED_VALUE;
    case 39: {
      // '
      const from = cur.pos + 1;
      let q = b.indexOf(39, from);
      while (q !== -1 && q < cur.end && b[q + 1] === 39) q = b.indexOf(39, q + 2);
      if (q === -1 || q > cur.end) cur.fail('string is not closed');
      cur.pos = q + 1;
      return { kind: 'string', value: decodeStepString(b, from, q) };
    }
    case 34: {
      // " binary
      const q = b.indexOf(34, cur.pos + 1);
      if (q === -1 || q > cur.end) cur.fail('binary value is not closed');
      const value = latin1(b, cur.pos + 1, q);
      cur.pos = q + 1;
      return { kind: 'binary', value };
    }
    case 46: {
      // .ENUM.
      const q = b.indexOf(46, cur.pos + 1);
      if (q === -1 || q > cur.end) cur.fail('enumeration value is not closed');
      const value = latin1(b, cur.pos + 1, q);
      cur.pos = q + 1;
      return { kind: 'enum', value };
    }
    case 35: {
      // #ref
      let p = cur.pos + 1;
      let id = 0;
      for (let d = b[p]!; d >= 48 && d <= 57; d = b[++p]!) id = id * 10 + (d - 48);
      if (p === cur.pos + 1) cur.fail("'#' is not followed by an instance id");
      cur.pos = p;
      return { kind: 'ref', id };
    }
    case 40:
      return parseList(cur);
    default:
      if (c === undefined || cur.pos >= cur.end) cur.fail('parameter list ends too early');
      if ((c >= 48 && c <= 57) || c === 45 || c === 43) return parseNumber(cur);
      if (isNameByte(c)) {
        const from = cur.pos;
        while (isNameByte(b[cur.pos]!)) cur.pos++;
        const type = internUpperName(b, from, cur.pos);
        cur.pos = skipSpace(b, cur.pos);
        if (b[cur.pos] !== 40) cur.fail(`typed value ${type} is missing '('`);
        cur.pos++;
        cur.enter();
        const inner = parseValue(cur);
        cur.depth--;
        cur.pos = skipSpace(b, cur.pos);
        if (b[cur.pos] !== 41) cur.fail(`typed value ${type} is not closed by ')'`);
        cur.pos++;
        return { kind: 'typed', type, value: inner };
      }
      return cur.fail(`unexpected character '${String.fromCharCode(c)}' in a parameter list`);
  }
}

function parseList(cur: Cursor): StepValue {
  const b = cur.bytes;
  cur.pos = skipSpace(b, cur.pos + 1); // after (
  if (b[cur.pos] === 41) {
    cur.pos++;
    return EMPTY_LIST;
  }
  cur.enter();
  const items: StepValue[] = [];
  for (;;) {
    items.push(parseValue(cur));
    cur.pos = skipSpace(b, cur.pos);
    const c = b[cur.pos];
    cur.pos++;
    if (c === 44) continue; // ,
    if (c === 41) {
      cur.depth--;
      return { kind: 'list', items }; // )
    }
    cur.pos--;
    cur.fail(
      `expected ',' or ')' in a parameter list, found '${c === undefined ? 'end of file' : String.fromCharCode(c)}'`,
    );
  }
}

/** Decodes the parameters of an instance whose `(` is at `paramStart` and `;` at `end`. */
export function decodeParameters(bytes: Uint8Array, paramStart: number, end: number): readonly StepValue[] {
  const cur = new Cursor(bytes, paramStart, end);
  const list = parseList(cur);
  return list.kind === 'list' ? list.items : [];
}

/**
 * The offset of top-level parameter number `index` (at its first byte or the white space before
 * it), skipping the others without decoding them; -1 when the instance has fewer parameters.
 */
function parameterOffset(bytes: Uint8Array, paramStart: number, end: number, index: number): number {
  let p = paramStart + 1;
  let depth = 0;
  let param = 0;
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
  const at = parameterOffset(bytes, paramStart, end, index);
  if (at < 0) return out;
  let p = skipSpace(bytes, at);
  const c = bytes[p];
  if (c === 36 || c === 41) return out; // $ or no such parameter
  if (c === 35 || c === 40) {
    // A reference, or a flat list of references: (#1,#2,…)
    const mark = out.length;
    const list = c === 40;
    if (list) {
      p = skipSpace(bytes, p + 1);
      if (bytes[p] === 41) return out;
    }
    for (;;) {
      if (bytes[p] !== 35) break;
      let id = 0;
      let q = p + 1;
      for (let d = bytes[q]!; d >= 48 && d <= 57; d = bytes[++q]!) id = id * 10 + (d - 48);
      if (q === p + 1) break;
      out.push(id);
      p = skipSpace(bytes, q);
      const next = bytes[p];
      if (!list) {
        if (next === 44 || next === 41) return out;
        break;
      }
      if (next === 41) return out;
      if (next !== 44) break;
      p = skipSpace(bytes, p + 1);
    }
    out.length = mark; // not that simple: the full decoder below
  } else if (c === 39 || c === 46 || c === 42) {
    return out; // a string, an enumeration or derived: no references
  }
  const v = decodeParameterAt(bytes, paramStart, end, index);
  if (v?.kind === 'ref') out.push(v.id);
  else if (v?.kind === 'list') for (const item of v.items) if (item.kind === 'ref') out.push(item.id);
  return out;
}

/**
 * Decodes only the top-level parameter number `index` (skipping the others without decoding them);
 * undefined when the instance has fewer parameters.
 */
export function decodeParameterAt(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  index: number,
): StepValue | undefined {
  let p = paramStart + 1;
  let depth = 0;
  let param = 0;
  while (param < index) {
    if (p >= end) return undefined;
    const c = bytes[p]!;
    if (c === 39) {
      let q = bytes.indexOf(39, p + 1);
      while (q !== -1 && bytes[q + 1] === 39) q = bytes.indexOf(39, q + 2);
      if (q === -1 || q > end) return undefined;
      p = q + 1;
      continue;
    }
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) return undefined;
      depth--;
    } else if (c === 44 && depth === 0) param++;
    p++;
  }
  const cur = sharedCursor(bytes, p, end);
  cur.pos = skipSpace(bytes, p);
  if (bytes[cur.pos] === 41) return undefined; // fewer parameters than `index + 1`
  return parseValue(cur);
}

/** Decodes one value starting at `at` (used for header entities). */
export function decodeValueAt(
  bytes: Uint8Array,
  at: number,
  end: number,
): { value: StepValue; next: number } {
  const cur = new Cursor(bytes, at, end);
  const value = parseValue(cur);
  return { value, next: cur.pos };
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

/** What `decodeSimpleFields` reads: a name, one value and a unit reference. */
export interface SimpleFields {
  /** Parameter 0 when it is a string, else null. */
  name: string | null;
  /** The value parameter as written (null when `$`). */
  value: StepValue | null;
  /** The unit parameter's reference, or null. */
  unit: number | null;
}

/**
 * Reads parameters 0 (a name), `valueIndex` and `unitIndex` of an instance in one pass without
 * building the whole parameter list (the hot path of single-value properties and quantities).
 */
export function decodeSimpleFields(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  valueIndex: number,
  unitIndex: number,
  out: SimpleFields,
): SimpleFields {
  out.name = null;
  out.value = null;
  out.unit = null;
  const last = Math.max(valueIndex, unitIndex);
  const cur = sharedCursor(bytes, paramStart, end);
  cur.pos = paramStart + 1;
  for (let param = 0; param <= last; param++) {
    cur.pos = skipSpace(bytes, cur.pos);
    if (param === 0 || param === valueIndex || param === unitIndex) {
      const v = parseValue(cur);
      if (param === 0 && v.kind === 'string') out.name = v.value;
      if (param === valueIndex && v.kind !== 'null') out.value = v;
      if (param === unitIndex && v.kind === 'ref') out.unit = v.id;
    } else {
      skipParameter(cur);
    }
    cur.pos = skipSpace(bytes, cur.pos);
    const c = bytes[cur.pos];
    if (c === 41) break; // ) — fewer parameters
    if (c !== 44)
      cur.fail(
        `expected ',' or ')' in a parameter list, found '${c === undefined ? 'end of file' : String.fromCharCode(c)}'`,
      );
    cur.pos++;
  }
  return out;
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

/** Moves past one parameter without decoding it. */
function skipParameter(cur: Cursor): void {
  const b = cur.bytes;
  let depth = 0;
  for (let p = cur.pos; p < cur.end; p++) {
    const c = b[p]!;
    if (c === 39) {
      let q = b.indexOf(39, p + 1);
      while (q !== -1 && b[q + 1] === 39) q = b.indexOf(39, q + 2);
      if (q === -1) break;
      p = q;
    } else if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) {
        cur.pos = p;
        return;
      }
      depth--;
    } else if (c === 44 && depth === 0) {
      cur.pos = p;
      return;
    }
  }
  cur.pos = cur.end;
}
