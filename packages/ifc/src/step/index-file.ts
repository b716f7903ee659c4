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

/**
 * Finds the `;` that ends the instance starting at `from`, skipping strings, binaries and comments.
 * Returns -1 when the bytes end first.
 */
export function findInstanceEnd(bytes: Uint8Array, from: number): number {
  return new EndFinder(bytes).find(from);
}

/**
 * Finds instance ends with native `indexOf` scans for the only bytes that matter: `;`, `'` and
 * `/` (a comment). The positions found are kept between calls, so each byte is scanned once per
 * kind over the whole file.
 */
class EndFinder {
  constructor(private readonly bytes: Uint8Array) {}

  find(from: number): number {
    const b = this.bytes;
    const n = b.length;
    let i = from;
    while (i < n) {
      const c = b[i]!;
      if (c > SPECIAL_MAX || SPECIAL[c] === 0) {
        i++;
        continue;
      }
      if (c === SEMI) return i;
      if (c === QUOTE) {
        // A string: '' is an escaped quote; nothing else inside matters.
        i++;
        for (;;) {
          while (i < n && b[i] !== QUOTE) i++;
          if (i >= n) return -1;
          if (b[i + 1] === QUOTE) i += 2;
          else break;
        }
        i++;
      } else if (b[i + 1] === STAR) {
        i = findCommentEnd(b, i + 2);
        if (i === -1) return -1;
      } else i++;
    }
    return -1;
  }
}

/** Bytes that matter inside an instance: `;`, `'` and `/` (a comment may start). */
const SPECIAL_MAX = 59;
const SPECIAL = new Uint8Array(SPECIAL_MAX + 1);
SPECIAL[SEMI] = 1;
SPECIAL[QUOTE] = 1;
SPECIAL[SLASH] = 1;

function describeByte(c: number | undefined): string {
  if (c === undefined) return 'end of file';
  return c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
}

/** Upper-case class names by ordinal, looked up by a hash of their bytes (verified), so no string is built per instance. */
class ClassTable {
  readonly names: string[] = [];
  private readonly bytesOf: Uint8Array[] = [];
  private readonly byHash = new Map<number, number>();
  private readonly byName = new Map<string, number>();

  constructor(private readonly source: Uint8Array) {}

  /** Direct-mapped cache: (hash & mask) → ordinal + 1 of the class last seen with that hash slot. */
  private readonly slots = new Int32Array(4096);

  ordinal(from: number, to: number, hash: number): number {
    const b = this.source;
    const slot = hash & 4095;
    const cached = this.slots[slot]! - 1;
    if (cached >= 0) {
      const known = this.bytesOf[cached]!;
      let same = known.length === to - from;
      for (let k = 0; same && k < known.length; k++) same = known[k] === b[from + k];
      if (same) return cached;
    }
    const hit = this.byHash.get(hash);
    if (hit !== undefined) {
      const known = this.bytesOf[hit]!;
      let same = known.length === to - from;
      for (let k = 0; same && k < known.length; k++) same = known[k] === b[from + k];
      if (same) {
        this.slots[slot] = hit + 1;
        return hit;
      }
    }
    const ord = this.add(from, to, hash, hit === undefined);
    this.slots[slot] = ord + 1;
    return ord;
  }

  private add(from: number, to: number, hash: number, hashFree: boolean): number {
    let raw = '';
    for (let k = from; k < to; k++) raw += String.fromCharCode(this.source[k]!);
    const known = this.byName.get(raw);
    if (known !== undefined) return known; // a hash collision: found by name (slow path, rare)
    const ord = this.names.length;
    if (ord >= 65535)
      throw new IfcReadError('malformed', 'more than 65535 distinct class names', lineAt(this.source, from));
    this.names.push(raw.toUpperCase());
    this.bytesOf.push(this.source.slice(from, to));
    this.byName.set(raw, ord);
    if (hashFree) this.byHash.set(hash, ord);
    return ord;
  }
}

function grow<T extends Uint32Array | Uint16Array>(a: T): T {
  const next = new (a.constructor as new (n: number) => T)(a.length * 2);
  next.set(a);
  return next;
}

/** Indexes the DATA section(s) starting at `dataStart` (just after `DATA;`). */
export function indexInstances(bytes: Uint8Array, dataStart: number): FileIndex {
  const n = bytes.length;
  // First guess of the instance count: one per 64 bytes.
  const guess = Math.max(1024, Math.ceil((n - dataStart) / 64));
  let ids = new Uint32Array(guess);
  let starts = new Uint32Array(guess);
  let params = new Uint32Array(guess);
  let ends = new Uint32Array(guess);
  let classOf = new Uint16Array(guess);
  const classes = new ClassTable(bytes);
  const endFinder = new EndFinder(bytes);

  let count = 0;
  let i = dataStart;
  for (;;) {
    // White space between instances (comments are rare: handled by skipSpace).
    let c = bytes[i];
    while (c === 10 || c === 13 || c === 32 || c === 9) c = bytes[++i];
    if (c === SLASH) {
      i = skipSpace(bytes, i);
      c = bytes[i];
    }
    if (c === undefined) {
      throw new IfcReadError(
        'malformed',
        'DATA section is not closed by ENDSEC (file truncated?)',
        lineAt(bytes, i),
      );
    }
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
    let d = bytes[++i]!;
    if (!(d >= 48 && d <= 57))
      throw new IfcReadError('malformed', `'#' is not followed by an instance id`, lineAt(bytes, i));
    for (; d >= 48 && d <= 57; d = bytes[++i]!) id = id * 10 + (d - 48);
    if (id > 0xffffffff)
      throw new IfcReadError('malformed', `instance id #${id} is too large`, lineAt(bytes, start));
    if (d !== EQUALS) {
      i = skipSpace(bytes, i);
      if (bytes[i] !== EQUALS) {
        throw new IfcReadError(
          'malformed',
          `expected '=' after #${id}, found ${describeByte(bytes[i])}`,
          lineAt(bytes, i),
        );
      }
    }
    d = bytes[++i]!;
    if (d === 32 || d === 10 || d === 13 || d === 9 || d === SLASH) {
      i = skipSpace(bytes, i);
      d = bytes[i]!;
    }
    let cls: number;
    if (d === LPAREN) {
      cls = classes.ordinal(i, i, 0); // complex instance `#1=(A()B());`: class '' (not used by IFC)
    } else {
      const nameStart = i;
      let hash = 0;
      for (
        ;
        (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95;
        d = bytes[++i]!
      ) {
        hash = (Math.imul(hash, 31) + d) | 0;
      }
      if (i === nameStart) {
        throw new IfcReadError(
          'malformed',
          `expected a class name after #${id}=, found ${describeByte(d)}`,
          lineAt(bytes, i),
        );
      }
      cls = classes.ordinal(nameStart, i, hash);
      if (d !== LPAREN) {
        i = skipSpace(bytes, i);
        if (bytes[i] !== LPAREN) {
          throw new IfcReadError(
            'malformed',
            `expected '(' after the class name of #${id}, found ${describeByte(bytes[i])}`,
            lineAt(bytes, i),
          );
        }
      }
    }
    const end = endFinder.find(i);
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
    if (count === ids.length) {
      ids = grow(ids);
      starts = grow(starts);
      params = grow(params);
      ends = grow(ends);
      classOf = grow(classOf);
    }
    ids[count] = id;
    starts[count] = start;
    params[count] = i;
    ends[count] = end;
    classOf[count] = cls;
    count++;
    i = end + 1;
  }
  // Copies trimmed to size, so the over-allocated buffers can be freed.
  return {
    count,
    ids: ids.slice(0, count),
    starts: starts.slice(0, count),
    ends: ends.slice(0, count),
    paramStarts: params.slice(0, count),
    classOf: classOf.slice(0, count),
    classNames: classes.names,
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
