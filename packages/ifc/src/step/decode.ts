/**
 * Parses the parameter list of one entity instance from its bytes into StepValues. The readers that
 * skip StepValues on the hot paths are in decode-direct.ts and fall back to these.
 */
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

export function sharedCursor(bytes: Uint8Array, pos: number, end: number): Cursor {
  if (scratchCursor === null) scratchCursor = new Cursor(bytes, pos, end);
  scratchCursor.bytes = bytes;
  scratchCursor.pos = pos;
  scratchCursor.end = end;
  scratchCursor.depth = 0;
  return scratchCursor;
}

export class Cursor {
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
export function latin1(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(b[k]!);
  return s;
}

export function isNameByte(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

export function parseNumber(cur: Cursor): StepValue {
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

/** Moves past one parameter without decoding it. */
export function skipParameter(cur: Cursor): void {
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
