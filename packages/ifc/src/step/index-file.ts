/**
 * One pass over the bytes of a STEP physical file (ISO 10303-21) that indexes every entity
 * instance of the DATA section: id, byte range and class, in typed arrays. Nothing is decoded;
 * lines are parsed lazily later (see decode.ts).
 */
import { IfcReadError } from '../errors';
import {
  type ReferenceColumn,
  type RelationPairs,
  type RelationScan,
  type ScanKeep,
  type ScanResult,
  scanInstances,
} from './scan-instances';

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
  /** Relationship pairs read during the scan (see RelationScan), or null when none were asked for. */
  readonly relationPairs?: RelationPairs | null;
  /** Every instance's references, when the scan was asked to keep them (ScanKeep). */
  readonly references?: ReferenceColumn | null;
}

const SEMI = 59;
const QUOTE = 39;
const SLASH = 47;
const STAR = 42;

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
  const n = bytes.length;
  let i = from;
  while (i < n) {
    const c = bytes[i]!;
    if (c === SEMI) return i;
    if (c === QUOTE) {
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

/** Turns a scan result into a FileIndex, or throws its error with the line it happened on. */
export function toFileIndex(bytes: Uint8Array, scan: ScanResult): FileIndex {
  if (scan.error)
    throw new IfcReadError(scan.error.code, scan.error.message, lineAt(bytes, scan.error.offset));
  const { count, ids, starts, paramStarts, ends, classOf, classNames, pairs, references } = scan;
  return {
    count,
    ids,
    starts,
    paramStarts,
    ends,
    classOf,
    classNames,
    relationPairs: pairs,
    references,
  };
}

/**
 * Indexes the DATA section(s) starting at `dataStart` (just after `DATA;`), on this thread,
 * reading the pairs of the relationship classes in `relations` and what `keep` asks on the way.
 */
export function indexInstances(
  bytes: Uint8Array,
  dataStart: number,
  relations: RelationScan | null = null,
  keep: ScanKeep | null = null,
): FileIndex {
  return toFileIndex(
    bytes,
    scanInstances(bytes, dataStart, Number.MAX_SAFE_INTEGER, MAX_INSTANCE_BYTES, relations, keep),
  );
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
    throw new IfcReadError(
      'malformed',
      `expected ';', found ${bytes[j] === undefined ? 'end of file' : `'${String.fromCharCode(bytes[j]!)}'`}`,
      lineAt(bytes, j),
    );
  return j + 1;
}

/** After `DATA`: an optional `(parameters)` then `;`. */
export function skipDataHeader(bytes: Uint8Array, i: number): number {
  const j = skipSpace(bytes, i);
  if (bytes[j] === 40 /* ( */) {
    const end = findInstanceEnd(bytes, j);
    if (end === -1)
      throw new IfcReadError('malformed', 'DATA section header is not terminated', lineAt(bytes, j));
    return end + 1;
  }
  return expectSemicolon(bytes, j);
}
