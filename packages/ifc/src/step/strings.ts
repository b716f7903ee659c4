/**
 * Decodes a STEP string literal's content (between the quotes) to a JS string:
 * '' → ', \\ → \, \S\c (c + 128), \X\hh (ISO 8859-1), \X2\hhhh…\X0\ (UTF-16), \X4\hhhhhhhh…\X0\
 * (UCS-4), \Px\ code-page switches (ignored). Raw bytes ≥ 0x80 are read as UTF-8 when they form valid
 * UTF-8 (what most exporters write), else as ISO 8859-1.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** For long ASCII runs; (WHATWG 'latin1' is windows-1252, but only ASCII reaches it.) */
const latin1 = new TextDecoder('latin1');

function hexValue(bytes: Uint8Array, at: number, digits: number): number {
  let v = 0;
  for (let k = 0; k < digits; k++) {
    const c = bytes[at + k]!;
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/**
 * Short ASCII strings repeat a lot in IFC files (property names, labels, enumerations): they are
 * kept in a direct-mapped table by a hash of their bytes (verified on every hit), so a repeated
 * string is built once and unique ones only overwrite a slot (bounded memory, nothing to clear).
 */
const INTERN_MAX_LENGTH = 48;
const INTERN_SLOTS = 16384;
const interned: (string | undefined)[] = new Array(INTERN_SLOTS);

const codes: number[] = [];

/** A short ASCII run as a string, built in one step (no intermediate strings). */
export function asciiString(bytes: Uint8Array, from: number, to: number): string {
  const n = to - from;
  codes.length = n;
  for (let k = 0; k < n; k++) codes[k] = bytes[from + k]!;
  return String.fromCharCode.apply(null, codes);
}

function shortAscii(bytes: Uint8Array, from: number, to: number, hash: number): string {
  const slot = hash & (INTERN_SLOTS - 1);
  const hit = interned[slot];
  if (hit !== undefined && hit.length === to - from) {
    let same = true;
    for (let k = from; k < to; k++) {
      if (hit.charCodeAt(k - from) !== bytes[k]) {
        same = false;
        break;
      }
    }
    if (same) return hit;
  }
  const out = asciiString(bytes, from, to);
  interned[slot] = out;
  return out;
}

/**
 * bytes[from, to) one character per byte (what `latin1` in decode.ts gives), short runs from the
 * intern table: for the tokens many instances repeat (enumeration values), built once.
 */
export function internLatin1(bytes: Uint8Array, from: number, to: number): string {
  if (to - from > INTERN_MAX_LENGTH) {
    let out = '';
    for (let k = from; k < to; k++) out += String.fromCharCode(bytes[k]!);
    return out;
  }
  let hash = to - from;
  for (let k = from; k < to; k++) hash = (Math.imul(hash, 31) + bytes[k]!) | 0;
  return shortAscii(bytes, from, to, hash);
}

function rawBytes(bytes: Uint8Array, from: number, to: number): string {
  let hash = to - from;
  let ascii = true;
  for (let k = from; k < to; k++) {
    const c = bytes[k]!;
    if (c >= 128) {
      ascii = false;
      break;
    }
    hash = (Math.imul(hash, 31) + c) | 0;
  }
  if (ascii)
    return to - from <= INTERN_MAX_LENGTH
      ? shortAscii(bytes, from, to, hash)
      : latin1.decode(bytes.subarray(from, to));
  try {
    return utf8.decode(bytes.subarray(from, to));
  } catch {
    // not UTF-8: ISO 8859-1
    let out = '';
    for (let k = from; k < to; k++) out += String.fromCharCode(bytes[k]!);
    return out;
  }
}

/** Decodes bytes[from, to) (the content between the quotes). */
export function decodeStepString(bytes: Uint8Array, from: number, to: number): string {
  let hash = to - from;
  let ascii = true;
  for (let k = from; k < to; k++) {
    const c = bytes[k]!;
    if (c === 39 || c === 92 || c >= 128) {
      ascii = false;
      break;
    }
    hash = (Math.imul(hash, 31) + c) | 0;
  }
  if (ascii)
    return to - from <= INTERN_MAX_LENGTH
      ? shortAscii(bytes, from, to, hash)
      : latin1.decode(bytes.subarray(from, to));
  let plain = true;
  for (let k = from; k < to; k++) {
    const c = bytes[k]!;
    if (c === 39 || c === 92) {
      plain = false;
      break;
    }
  }
  if (plain) return rawBytes(bytes, from, to);

  let out = '';
  let run = from; // start of the pending run of raw bytes
  let k = from;
  while (k < to) {
    const c = bytes[k]!;
    if (c === 39 && bytes[k + 1] === 39) {
      out += `${rawBytes(bytes, run, k)}'`;
      k += 2;
      run = k;
    } else if (c === 92) {
      out += rawBytes(bytes, run, k);
      const d = bytes[k + 1];
      if (d === 92) {
        out += '\\';
        k += 2;
      } else if (d === 83 && bytes[k + 2] === 92 && k + 3 < to) {
        out += String.fromCharCode(bytes[k + 3]! + 128); // \S\c
        k += 4;
      } else if (d === 80 && bytes[k + 3] === 92) {
        k += 4; // \PA\ code page: ISO 8859 parts are not distinguished
      } else if (d === 88 && bytes[k + 2] === 92 && hexValue(bytes, k + 3, 2) >= 0) {
        out += String.fromCharCode(hexValue(bytes, k + 3, 2)); // \X\hh
        k += 5;
      } else if (d === 88 && (bytes[k + 2] === 50 || bytes[k + 2] === 52) && bytes[k + 3] === 92) {
        const width = bytes[k + 2] === 50 ? 4 : 8; // \X2\ or \X4\
        k += 4;
        while (k < to && bytes[k] !== 92) {
          const v = hexValue(bytes, k, width);
          if (v < 0) break;
          out += width === 4 ? String.fromCharCode(v) : String.fromCodePoint(v);
          k += width;
        }
        // Skip the closing \X0\.
        if (bytes[k] === 92 && bytes[k + 1] === 88 && bytes[k + 2] === 48 && bytes[k + 3] === 92) k += 4;
      } else {
        out += '\\';
        k += 1;
      }
      run = k;
    } else k++;
  }
  return out + rawBytes(bytes, run, to);
}

const upperNames = new Map<number, string>();

/** An upper-case name (type names of typed values) from ASCII bytes, built once per distinct name. */
export function internUpperName(bytes: Uint8Array, from: number, to: number): string {
  let hash = to - from;
  for (let k = from; k < to; k++) hash = (Math.imul(hash, 31) + (bytes[k]! & 0xdf)) | 0;
  const hit = upperNames.get(hash);
  if (hit !== undefined && hit.length === to - from) {
    let same = true;
    for (let k = from; k < to; k++) {
      const c = bytes[k]!;
      if (hit.charCodeAt(k - from) !== (c >= 97 && c <= 122 ? c - 32 : c)) {
        same = false;
        break;
      }
    }
    if (same) return hit;
  }
  let out = '';
  for (let k = from; k < to; k++) out += String.fromCharCode(bytes[k]!);
  out = out.toUpperCase();
  if (upperNames.size < 10_000) upperNames.set(hash, out);
  return out;
}
