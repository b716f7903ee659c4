/**
 * Decodes a STEP string literal's content (between the quotes) to a JS string:
 * '' → ', \\ → \, \S\c (c + 128), \X\hh (ISO 8859-1), \X2\hhhh…\X0\ (UTF-16), \X4\hhhhhhhh…\X0\
 * (UCS-4), \Px\ code-page switches (ignored). Raw bytes ≥ 0x80 are read as UTF-8 when they form valid
 * UTF-8 (what most exporters write), else as ISO 8859-1.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

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

function rawBytes(bytes: Uint8Array, from: number, to: number): string {
  let ascii = true;
  for (let k = from; k < to; k++) {
    if (bytes[k]! >= 128) {
      ascii = false;
      break;
    }
  }
  if (!ascii) {
    try {
      return utf8.decode(bytes.subarray(from, to));
    } catch {
      // not UTF-8: fall through to ISO 8859-1
    }
  }
  // Chunked to stay below the argument-count limit of String.fromCharCode.
  let out = '';
  for (let k = from; k < to; k += 8192)
    out += String.fromCharCode(...bytes.subarray(k, Math.min(to, k + 8192)));
  return out;
}

/** Decodes bytes[from, to) (the content between the quotes). */
export function decodeStepString(bytes: Uint8Array, from: number, to: number): string {
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
