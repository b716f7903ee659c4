/**
 * One pass over the bytes of a STEP physical file (ISO 10303-21) that indexes every entity
 * instance of the DATA section: id, byte range and class, in typed arrays. Nothing is decoded;
 * lines are parsed lazily later (see decode.ts).
 */
import { IfcReadError } from '../errors';

/** The longest entity instance accepted, in bytes; larger ones are reported as `too_large_line`. */
export const MAX_INSTANCE_BYTES = 64 * 1024 * 1024;

export interface FileIndex {
  readonly count: number;
  /** Per instance (ordinal order = file order): STEP id, start of the instance (`#`), end (the `;`), class ordinal. */
  readonly ids: Uint32Array;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly classOf: Uint16Array;
  /** Class ordinal → upper-case class name as written (`IFCWALL`); '' for complex instances `#1=(A()B());`. */
  readonly classNames: readonly string[];
  /** Byte offset just after each instance's class name (at its `(`). */
  readonly paramStarts: Uint32Array;
}

const SEMI = 59;
const QUOTE = 39;
const SLASH = 47;
const STAR = 42;
const LPAREN = 40;
const EQUALS = 61;

/** 1-based line number of a byte offset (only computed when reporting an error). */
export function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  const end = Math.min(offset, bytes.length);
  for (let i = bytes.indexOf(10); i !== -1 && i < end; i = bytes.indexOf(10, i + 1)) line++;
  return line;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Skips white space and comments from `i`; returns the next significant offset. */
export function skipSpace(bytes: Uint8Array, i: number): number {
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i]!;
    if (isSpace(c)) i++;
    else if (c === SLASH && bytes[i + 1] === STAR) {
      const close = findCommentEnd(bytes, i + 2);
      if (close < 0)
        throw new IfcReadError('malformed', 'comment is not closed (file truncated?)', lineAt(bytes, i));
      i = close;
    } else break;
  }
  return i;
}

function findCommentEnd(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(STAR, from); i !== -1; i = bytes.indexOf(STAR, i + 1)) {
    if (bytes[i + 1] === SLASH) return i + 2;
  }
  return -1;
}

class Growable {
  array: Uint32Array;
  constructor(capacity: number) {
    this.array = new Uint32Array(capacity);
  }
  grow(): void {
    const next = new Uint32Array(this.array.length * 2);
    next.set(this.array);
    this.array = next;
  }
}

/**
 * Finds the `;` that ends the instance starting at `from`, skipping strings, binaries and comments.
 * Returns -1 when the bytes end first.
 */
export function findInstanceEnd(bytes: Uint8Array, from: number): number {
  const n = bytes.length;
  let i = from;
  while (i < n) {
    const c = bytes[i]!;
    if (c === SEMI) return i;
    if (c === QUOTE) {
      // A string: '' is an escaped quote; nothing else inside matters.
      let q = bytes.indexOf(QUOTE, i + 1);
      while (q !== -1 && bytes[q + 1] === QUOTE) q = bytes.indexOf(QUOTE, q + 2);
      if (q === -1) return -1;
      i = q + 1;
    } else if (c === SLASH && bytes[i + 1] === STAR) {
      i = findCommentEnd(bytes, i + 2);
      if (i === -1) return -1;
    } else i++;
  }
  return -1;
}

function describeByte(c: number | undefined): string {
  if (c === undefined) return 'end of file';
  return c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
}

/** Indexes the DATA section(s) starting at `dataStart` (just after `DATA;`). */
export function indexInstances(bytes: Uint8Array, dataStart: number): FileIndex {
  const n = bytes.length;
  // Rough first guess of the instance count: one per 80 bytes.
  const guess = Math.max(1024, Math.ceil((n - dataStart) / 80));
  const ids = new Growable(guess);
  const starts = new Growable(guess);
  const ends = new Growable(guess);
  const params = new Growable(guess);
  let classOf = new Uint16Array(guess);
  const classNames: string[] = [];
  // Class-name lookup by hash of its bytes, verified by comparison, so no string is built per instance.
  const classByHash = new Map<number, number[]>();
  const classBytes: Uint8Array[] = [];

  const classOrdinal = (from: number, to: number): number => {
    let h = 0;
    for (let k = from; k < to; k++) h = (Math.imul(h, 31) + bytes[k]!) | 0;
    const bucket = classByHash.get(h);
    if (bucket) {
      for (const ord of bucket) {
        const cb = classBytes[ord]!;
        if (cb.length !== to - from) continue;
        let same = true;
        for (let k = 0; k < cb.length; k++) {
          if (cb[k] !== bytes[from + k]) {
            same = false;
            break;
          }
        }
        if (same) return ord;
      }
    }
    const ord = classNames.length;
    if (ord >= 65535)
      throw new IfcReadError('malformed', 'more than 65535 distinct class names', lineAt(bytes, from));
    classNames.push(String.fromCharCode(...bytes.subarray(from, to)).toUpperCase());
    classBytes.push(bytes.slice(from, to));
    if (bucket) bucket.push(ord);
    else classByHash.set(h, [ord]);
    return ord;
  };

  let count = 0;
  let i = dataStart;
  for (;;) {
    i = skipSpace(bytes, i);
    if (i >= n)
      throw new IfcReadError(
        'malformed',
        'DATA section is not closed by ENDSEC (file truncated?)',
        lineAt(bytes, i),
      );
    const c = bytes[i]!;
    if (c !== 35 /* # */) {
      if (matchesKeyword(bytes, i, 'ENDSEC')) {
        i = expectSemicolon(bytes, i + 6);
        // Several DATA sections are allowed; anything else ends the exchange structure.
        const next = skipSpace(bytes, i);
        if (matchesKeyword(bytes, next, 'DATA')) {
          i = skipDataHeader(bytes, next + 4);
          continue;
        }
        break;
      }
      throw new IfcReadError(
        'malformed',
        `expected an entity instance '#id=' or ENDSEC, found ${describeByte(c)}`,
        lineAt(bytes, i),
      );
    }
    const start = i;
    let id = 0;
    i++;
    let d = bytes[i]!;
    if (!(d >= 48 && d <= 57))
      throw new IfcReadError('malformed', `'#' is not followed by an instance id`, lineAt(bytes, i));
    while (d >= 48 && d <= 57) {
      id = id * 10 + (d - 48);
      d = bytes[++i]!;
    }
    if (id > 0xffffffff)
      throw new IfcReadError('malformed', `instance id #${id} is too large`, lineAt(bytes, start));
    i = skipSpace(bytes, i);
    if (bytes[i] !== EQUALS) {
      throw new IfcReadError(
        'malformed',
        `expected '=' after #${id}, found ${describeByte(bytes[i])}`,
        lineAt(bytes, i),
      );
    }
    i = skipSpace(bytes, i + 1);
    let cls: number;
    let paramStart: number;
    if (bytes[i] === LPAREN) {
      cls = classOrdinal(i, i); // complex instance: class '' (not used by IFC)
      paramStart = i;
    } else {
      const nameStart = i;
      for (
        d = bytes[i]!;
        (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95;
        d = bytes[++i]!
      );
      if (i === nameStart) {
        throw new IfcReadError(
          'malformed',
          `expected a class name after #${id}=, found ${describeByte(bytes[i])}`,
          lineAt(bytes, i),
        );
      }
      cls = classOrdinal(nameStart, i);
      i = skipSpace(bytes, i);
      if (bytes[i] !== LPAREN) {
        throw new IfcReadError(
          'malformed',
          `expected '(' after the class name of #${id}, found ${describeByte(bytes[i])}`,
          lineAt(bytes, i),
        );
      }
      paramStart = i;
    }
    const end = findInstanceEnd(bytes, i);
    if (end === -1 || end - start > MAX_INSTANCE_BYTES) {
      if (end === -1 && n - start <= MAX_INSTANCE_BYTES) {
        throw new IfcReadError(
          'malformed',
          `entity instance #${id} is not terminated by ';' (file truncated?)`,
          lineAt(bytes, start),
        );
      }
      throw new IfcReadError(
        'too_large_line',
        `entity instance #${id} is longer than ${MAX_INSTANCE_BYTES / 1024 / 1024} MB`,
        lineAt(bytes, start),
      );
    }
    if (count === ids.array.length) {
      ids.grow();
      starts.grow();
      ends.grow();
      params.grow();
      const next = new Uint16Array(classOf.length * 2);
      next.set(classOf);
      classOf = next;
    }
    ids.array[count] = id;
    starts.array[count] = start;
    ends.array[count] = end;
    params.array[count] = paramStart;
    classOf[count] = cls;
    count++;
    i = end + 1;
  }
  return {
    count,
    ids: ids.array.subarray(0, count),
    starts: starts.array.subarray(0, count),
    ends: ends.array.subarray(0, count),
    paramStarts: params.array.subarray(0, count),
    classOf: classOf.subarray(0, count),
    classNames,
  };
}

export function matchesKeyword(bytes: Uint8Array, at: number, keyword: string): boolean {
  for (let k = 0; k < keyword.length; k++) if (bytes[at + k] !== keyword.charCodeAt(k)) return false;
  const after = bytes[at + keyword.length];
  return (
    after === undefined || !((after >= 65 && after <= 90) || (after >= 48 && after <= 57) || after === 95)
  );
}

function expectSemicolon(bytes: Uint8Array, i: number): number {
  const j = skipSpace(bytes, i);
  if (bytes[j] !== SEMI)
    throw new IfcReadError('malformed', `expected ';', found ${describeByte(bytes[j])}`, lineAt(bytes, j));
  return j + 1;
}

/** After `DATA`: an optional `(parameters)` then `;`. */
export function skipDataHeader(bytes: Uint8Array, i: number): number {
  const j = skipSpace(bytes, i);
  if (bytes[j] === LPAREN) {
    const end = findInstanceEnd(bytes, j);
    if (end === -1)
      throw new IfcReadError('malformed', 'DATA section header is not terminated', lineAt(bytes, j));
    return end + 1;
  }
  return expectSemicolon(bytes, j);
}
