/** Every instance reference (`#123`) in an instance's parameters, at any depth, read straight from the bytes. */

/**
 * Appends the ids an instance's parameter bytes `[paramStart, end)` refer to, in order (repeats
 * kept). Strings ('…', quotes doubled) and binaries ("…") are skipped, so a `#` inside text is not a
 * reference. One pass over the bytes, no decoding.
 */
export function allReferences(bytes: Uint8Array, paramStart: number, end: number, out: number[]): number[] {
  for (let p = paramStart; p < end; p++) {
    const c = bytes[p]!;
    if (c === 39) {
      // '…': a quote ends the string unless doubled.
      for (p++; p < end; p++) {
        if (bytes[p] === 39) {
          if (bytes[p + 1] === 39) p++;
          else break;
        }
      }
    } else if (c === 34) {
      for (p++; p < end && bytes[p] !== 34; p++);
    } else if (c === 35) {
      let id = 0;
      let q = p + 1;
      for (let d = bytes[q]!; d >= 48 && d <= 57; d = bytes[++q]!) id = id * 10 + (d - 48);
      if (q > p + 1) out.push(id);
      p = q - 1;
    }
  }
  return out;
}
