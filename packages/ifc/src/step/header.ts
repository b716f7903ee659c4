/** Reads the prelude of a STEP file: the ISO-10303-21 marker and the HEADER section, up to `DATA;`. */
import { IfcReadError } from '../errors';
import type { IfcSchemaId, StepValue } from '../model';
import { decodeParameters } from './decode';
import { findInstanceEnd, lineAt, matchesKeyword, skipDataHeader, skipSpace } from './index-file';

const MAGIC = 'ISO-10303-21';
/** A header larger than this is not a real IFC header (they are a few kilobytes). */
export const MAX_HEADER_BYTES = 1024 * 1024;
/** Header entity names are short keywords (FILE_DESCRIPTION); a longer run is not a name. */
const MAX_HEADER_NAME = 256;

export interface StepHeader {
  /** Schema names as written in FILE_SCHEMA, e.g. ['IFC4']. */
  readonly fileSchema: readonly string[];
  readonly schema: IfcSchemaId;
  /** Header entities by name (FILE_DESCRIPTION, FILE_NAME, FILE_SCHEMA …). */
  readonly entities: ReadonlyMap<string, readonly StepValue[]>;
  /** Offset just after `DATA;`. */
  readonly dataStart: number;
}

/** Maps a FILE_SCHEMA name to the tables we read it with. IFC4X3 release candidates read as IFC4X3_ADD2. */
export function schemaIdFor(name: string): IfcSchemaId | null {
  const upper = name.toUpperCase().trim();
  if (upper === 'IFC2X3' || upper.startsWith('IFC2X3_')) return 'IFC2X3';
  if (upper === 'IFC4' || upper.startsWith('IFC4_ADD') || upper === 'IFC4_TC1') return 'IFC4';
  if (upper === 'IFC4X3' || upper.startsWith('IFC4X3_')) return 'IFC4X3_ADD2';
  return null;
}

/**
 * Checks that the bytes start like a STEP file (`ISO-10303-21` after an optional byte-order mark,
 * white space and comments); returns the offset of the marker. Works on a prefix of the file too.
 */
export function checkStepMagic(bytes: Uint8Array, isPrefix = false): number {
  if (bytes.length === 0) throw new IfcReadError('empty', 'the file is empty');
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    i = skipSpace(bytes, i);
  } catch (e) {
    if (isPrefix) return i; // a comment longer than the prefix: decided on the whole file
    throw e;
  }
  if (i >= bytes.length) {
    if (isPrefix) return i;
    throw new IfcReadError('empty', 'the file contains only white space');
  }
  if (!matchesKeyword(bytes, i, MAGIC)) {
    throw new IfcReadError(
      'not_step',
      `not an IFC STEP file: it does not start with ${MAGIC};`,
      lineAt(bytes, i),
    );
  }
  return i;
}

export function readHeader(bytes: Uint8Array): StepHeader {
  let i = checkStepMagic(bytes);
  i = skipSpace(bytes, i + MAGIC.length);
  if (bytes[i] !== 59) throw new IfcReadError('malformed', `expected ';' after ${MAGIC}`, lineAt(bytes, i));
  i = skipSpace(bytes, i + 1);
  if (!matchesKeyword(bytes, i, 'HEADER'))
    throw new IfcReadError('malformed', 'expected HEADER;', lineAt(bytes, i));
  i = skipSpace(bytes, i + 6);
  if (bytes[i] !== 59) throw new IfcReadError('malformed', "expected ';' after HEADER", lineAt(bytes, i));
  i++;

  // Everything below reads only `window`: whatever the header holds, the work is bounded by its size.
  const limit = Math.min(bytes.length, i + MAX_HEADER_BYTES);
  const window = bytes.subarray(0, limit);
  const truncated = limit < bytes.length;
  const tooLarge = () =>
    new IfcReadError(
      'too_large_line',
      `the HEADER section is larger than ${MAX_HEADER_BYTES / 1024 / 1024} MiB without ending (ENDSEC;); a real header is a few kilobytes`,
      lineAt(bytes, limit),
    );
  const entities = new Map<string, readonly StepValue[]>();
  for (;;) {
    i = skipSpace(window, i);
    if (i >= limit) {
      if (truncated) throw tooLarge();
      throw new IfcReadError('malformed', 'the HEADER section is not closed by ENDSEC;', lineAt(bytes, i));
    }
    if (matchesKeyword(window, i, 'ENDSEC')) {
      i = skipSpace(window, i + 6);
      if (window[i] !== 59)
        throw new IfcReadError('malformed', "expected ';' after ENDSEC", lineAt(bytes, i));
      i++;
      break;
    }
    const nameStart = i;
    while (i < limit && i - nameStart <= MAX_HEADER_NAME && isNameByte(window[i]!)) i++;
    if (i - nameStart > MAX_HEADER_NAME)
      throw new IfcReadError(
        'malformed',
        `a header entity name is longer than ${MAX_HEADER_NAME} characters`,
        lineAt(bytes, nameStart),
      );
    if (i >= limit && truncated) throw tooLarge();
    const name = latin1(window, nameStart, i).toUpperCase();
    const open = skipSpace(window, i);
    if (!name || window[open] !== 40) {
      throw new IfcReadError(
        'malformed',
        'expected a header entity such as FILE_SCHEMA(…);',
        lineAt(bytes, nameStart),
      );
    }
    const end = findInstanceEnd(window, open);
    if (end === -1) {
      if (truncated) throw tooLarge();
      throw new IfcReadError(
        'malformed',
        `header entity ${name} is not terminated by ';'`,
        lineAt(bytes, nameStart),
      );
    }
    entities.set(name, decodeParameters(window, open, end));
    i = end + 1;
  }

  i = skipSpace(bytes, i);
  if (!matchesKeyword(bytes, i, 'DATA'))
    throw new IfcReadError('malformed', 'expected DATA; after the header', lineAt(bytes, i));
  const dataStart = skipDataHeader(bytes, i + 4);

  const fileSchema: string[] = [];
  const schemaParam = entities.get('FILE_SCHEMA')?.[0];
  if (schemaParam?.kind === 'list') {
    for (const item of schemaParam.items) if (item.kind === 'string') fileSchema.push(item.value);
  }
  if (fileSchema.length === 0) {
    throw new IfcReadError(
      'malformed',
      'the header has no FILE_SCHEMA naming the IFC schema',
      lineAt(bytes, dataStart),
    );
  }
  const schema = schemaIdFor(fileSchema[0]!);
  if (!schema) {
    throw new IfcReadError(
      'unsupported_schema',
      `schema ${fileSchema[0]} is not supported (IFC2X3, IFC4 and IFC4X3_ADD2 are)`,
      lineAt(bytes, findSchemaOffset(bytes, dataStart)),
    );
  }
  return { fileSchema, schema, entities, dataStart };
}

function isNameByte(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/** A short ASCII run as a string, one character at a time (no argument spreading: no stack limit). */
function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(bytes[k]!);
  return s;
}

function findSchemaOffset(bytes: Uint8Array, before: number): number {
  const needle = 'FILE_SCHEMA';
  outer: for (let i = 0; i < before; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle.charCodeAt(k)) continue outer;
    return i;
  }
  return 0;
}
