/**
 * A deflate encoder for documents made of text and runs of lines that differ in one field (issue
 * 36): a BCF viewpoint's `<Component IfcGuid="…"/>` lines, hundreds of thousands in the archive of
 * a pack of many specifications, where a general deflater searched for matches in 65 MB of
 * viewpoints it could have been told about (decision 0453).
 *
 * One fixed-Huffman block (RFC 1951, 3.2.6): the text around the runs as literals; in a run, each
 * line's field as literals and what lies between two fields (the previous line's suffix and this
 * line's prefix) as one match with the same text between the two fields before. No search, no
 * tables to build: a few bit writes a line. Any inflater reads it (fflate, zlib, the BCF tools').
 *
 * Text the writer could not copy as is (not printable ASCII, or characters XML escapes) makes it
 * give up (`null`): the caller writes that document as before.
 */

/** `prefix + value + suffix` for each value, values already XML-safe printable ASCII. */
export interface LineRun {
  readonly prefix: string;
  readonly values: readonly string[];
  readonly suffix: string;
}

export type TemplatePart = string | LineRun;

/** Views of buffers the next call reuses: write them (ZipWriter.deflated copies) before it. */
export interface DeflatedDocument {
  /** The document's bytes (UTF-8; ASCII here), for the zip's CRC and size. */
  readonly data: Uint8Array;
  /** One final fixed-Huffman deflate block of them. */
  readonly compressed: Uint8Array;
}

/** Grown as needed, kept: a viewpoint's buffers are megabytes, made hundreds of times an archive. */
const scratch = { data: new Uint8Array(0), out: new Uint8Array(0) };

/**
 * The document as text, each value through `value` (the XML writers escape it): the bytes
 * `deflateTemplate` writes when it writes them.
 */
export function renderTemplate(
  parts: readonly TemplatePart[],
  value: (text: string) => string = (text) => text,
): string {
  return parts
    .map((part) =>
      typeof part === 'string'
        ? part
        : part.values.map((text) => `${part.prefix}${value(text)}${part.suffix}`).join(''),
    )
    .join('');
}

/** Printable ASCII that XML text and attributes take as is (no `&<>"'`). */
function plain(c: number): boolean {
  return c >= 0x20 && c < 0x7f && c !== 0x26 && c !== 0x3c && c !== 0x3e && c !== 0x22 && c !== 0x27;
}

// Fixed literal/length codes (RFC 1951, 3.2.6), bit-reversed for LSB-first packing.
const LITERAL_CODE = new Uint16Array(286);
const LITERAL_BITS = new Uint8Array(286);
for (let symbol = 0; symbol < 286; symbol++) {
  const [base, first, bits] =
    symbol < 144
      ? [0x30, 0, 8]
      : symbol < 256
        ? [0x190, 144, 9]
        : symbol < 280
          ? [0, 256, 7]
          : [0xc0, 280, 8];
  LITERAL_CODE[symbol] = reverse(base + symbol - first, bits);
  LITERAL_BITS[symbol] = bits;
}
/** The 8-bit code of a character XML takes as is (printable ASCII but `&<>"'`), else -1. */
const PLAIN_CODE = new Int16Array(0x80).map((_, c) => (plain(c) ? (LITERAL_CODE[c] as number) : -1));
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const MAX_DISTANCE = 32768;

function reverse(code: number, bits: number): number {
  let out = 0;
  for (let i = 0; i < bits; i++) out |= ((code >> i) & 1) << (bits - 1 - i);
  return out;
}

/** Last index whose base is at most `value`. */
function slot(bases: readonly number[], value: number): number {
  let i = bases.length - 1;
  while ((bases[i] as number) > value) i--;
  return i;
}

/** A match's codes as one bit string (at most 31 bits): length code and extra, distance code and extra. */
function matchBits(length: number, distance: number): { code: number; bits: number } {
  const l = slot(LENGTH_BASE, length);
  const d = slot(DISTANCE_BASE, distance);
  const lengthSymbol = 257 + l;
  let code = LITERAL_CODE[lengthSymbol] as number;
  let bits = LITERAL_BITS[lengthSymbol] as number;
  code |= (length - (LENGTH_BASE[l] as number)) << bits;
  bits += LENGTH_EXTRA[l] as number;
  code |= reverse(d, 5) << bits;
  bits += 5;
  code |= (distance - (DISTANCE_BASE[d] as number)) << bits;
  bits += DISTANCE_EXTRA[d] as number;
  return { code: code >>> 0, bits };
}

const encoder = new TextEncoder();

/**
 * The document and one fixed-Huffman deflate block of it; null when a run's prefix or suffix is not
 * ASCII or a value is not printable ASCII that XML takes as is (the caller deflates the text as before).
 */
export function deflateTemplate(parts: readonly TemplatePart[]): DeflatedDocument | null {
  let size = 0;
  const texts = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : null));
  for (const [i, part] of parts.entries()) {
    if (typeof part === 'string') size += (texts[i] as Uint8Array).length;
    else {
      if (!isAscii(part.prefix) || !isAscii(part.suffix)) return null;
      const around = part.prefix.length + part.suffix.length;
      for (const value of part.values) size += around + value.length;
    }
  }
  // A literal is at most 9 bits, a match at most 31 for 4 bytes or more: at most 9 bits a byte.
  if (scratch.data.length < size) scratch.data = new Uint8Array(size + (size >> 2));
  if (scratch.out.length < Math.ceil((size * 9) / 8) + 8)
    scratch.out = new Uint8Array(Math.ceil((size * 9) / 8) + 8 + (size >> 2));
  const w: Writer = { data: scratch.data, out: scratch.out, at: 0, pos: 0, acc: 0, held: 0 };
  put(w, 0b011, 3); // BFINAL = 1, BTYPE = 01 (fixed Huffman codes)
  for (const [i, part] of parts.entries()) {
    if (typeof part === 'string') literals(w, texts[i] as Uint8Array);
    else if (!run(w, part)) return null;
  }
  put(w, LITERAL_CODE[256] as number, LITERAL_BITS[256] as number); // end of block
  if (w.held > 0) w.out[w.pos++] = w.acc & 0xff;
  return { data: w.data.subarray(0, size), compressed: w.out.subarray(0, w.pos) };
}

/** Where the document and its deflate stream are: `held` bits of `acc` not yet written to `out`. */
interface Writer {
  readonly data: Uint8Array;
  readonly out: Uint8Array;
  at: number;
  pos: number;
  acc: number;
  held: number;
}

/** Up to 24 bits of codes, LSB first. */
function put(w: Writer, code: number, bits: number): void {
  w.acc |= code << w.held;
  w.held += bits;
  while (w.held >= 8) {
    w.out[w.pos++] = w.acc & 0xff;
    w.acc >>>= 8;
    w.held -= 8;
  }
}

function literals(w: Writer, bytes: Uint8Array): void {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    w.data[w.at++] = b;
    put(w, LITERAL_CODE[b] as number, LITERAL_BITS[b] as number);
  }
}

/** A run of lines; false when a value is not plain. The hot loop of an archive: state in locals. */
function run(w: Writer, part: LineRun): boolean {
  const { values } = part;
  if (values.length === 0) return true;
  const prefix = encoder.encode(part.prefix);
  const suffix = encoder.encode(part.suffix);
  const between = new Uint8Array(suffix.length + prefix.length);
  between.set(suffix, 0);
  between.set(prefix, suffix.length);
  const gap = between.length;
  literals(w, prefix);
  if (!value(w, values[0] as string)) return false;
  if (values.length === 1) {
    literals(w, suffix);
    return true;
  }
  literals(w, between);
  if (!value(w, values[1] as string)) return false;
  const { data, out } = w;
  let { at, pos, acc, held } = w;
  let lastDistance = -1;
  let matchCode = 0;
  let matchBitCount = 0;
  const usable = gap >= 4 && gap <= 258;
  for (let line = 2; line < values.length; line++) {
    const text = values[line] as string;
    // What lies between the last two values is at the previous line's length before.
    const distance = gap + (values[line - 1] as string).length;
    if (usable && distance <= MAX_DISTANCE) {
      if (distance !== lastDistance) {
        ({ code: matchCode, bits: matchBitCount } = matchBits(gap, distance));
        lastDistance = distance;
      }
      for (let k = 0; k < gap; k++) data[at++] = between[k] as number;
      // Up to 31 bits: in two halves, so the accumulator never holds more than 32.
      const low = Math.min(matchBitCount, 16);
      acc |= (matchCode & 0xffff) << held;
      held += low;
      while (held >= 8) {
        out[pos++] = acc;
        acc >>>= 8;
        held -= 8;
      }
      if (matchBitCount > 16) {
        acc |= (matchCode >>> 16) << held;
        held += matchBitCount - 16;
        while (held >= 8) {
          out[pos++] = acc;
          acc >>>= 8;
          held -= 8;
        }
      }
    } else {
      Object.assign(w, { at, pos, acc, held });
      literals(w, between);
      ({ at, pos, acc, held } = w);
    }
    // Printable ASCII is below 144, an 8-bit code: each leaves `held` bits pending, a byte out.
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      const code = c < 0x80 ? (PLAIN_CODE[c] as number) : -1;
      if (code < 0) return false;
      data[at++] = c;
      acc |= code << held;
      out[pos++] = acc;
      acc >>>= 8;
    }
  }
  Object.assign(w, { at, pos, acc, held });
  literals(w, suffix);
  return true;
}

/** One value's characters as literals; false when one is not plain. */
function value(w: Writer, text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    const code = c < 0x80 ? (PLAIN_CODE[c] as number) : -1;
    if (code < 0) return false;
    w.data[w.at++] = c;
    put(w, code, 8);
  }
  return true;
}

/** Fixed text around a value: ASCII, so its bytes are its characters. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
