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

/**
 * Reachability's inner step: every reference in `[paramStart, end)` (as `allReferences` reads
 * them) whose target is in the file and not yet marked in `visited` (by ordinal) is marked and its
 * ordinal pushed on `stack` at `top`. Returns the new top. Nothing is allocated: passes that cross
 * every instance of a model call this once per instance. `ordinals` is the dense id → ordinal
 * table (-1 where no instance), or a function for sparse ids.
 */
export function markReferences(
  bytes: Uint8Array,
  paramStart: number,
  end: number,
  ordinals: Int32Array | ((id: number) => number),
  visited: Uint8Array,
  stack: Int32Array,
  top: number,
): number {
  const dense = typeof ordinals === 'function' ? null : ordinals;
  for (let p = paramStart; p < end; p++) {
    const c = bytes[p]!;
    if (c === 39) {
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
      if (q > p + 1) {
        const k = dense ? (id < dense.length ? dense[id]! : -1) : (ordinals as (id: number) => number)(id);
        if (k >= 0 && visited[k] === 0) {
          visited[k] = 1;
          stack[top++] = k;
        }
      }
      p = q - 1;
    }
  }
  return top;
}

/**
 * `markReferences` over references the scan kept (scan-result.ts, ReferenceColumn):
 * `targets[from .. to)` are the instance's references in the order `allReferences` reads them, so
 * the same instances are marked and pushed in the same order, without reading the bytes.
 */
export function markKeptReferences(
  targets: Uint32Array,
  from: number,
  to: number,
  ordinals: Int32Array | ((id: number) => number),
  visited: Uint8Array,
  stack: Int32Array,
  top: number,
): number {
  if (typeof ordinals === 'function') {
    for (let r = from; r < to; r++) {
      const k = ordinals(targets[r]!);
      if (k >= 0 && visited[k] === 0) {
        visited[k] = 1;
        stack[top++] = k;
      }
    }
    return top;
  }
  const size = ordinals.length;
  for (let r = from; r < to; r++) {
    const id = targets[r]!;
    const k = id < size ? ordinals[id]! : -1;
    if (k >= 0 && visited[k] === 0) {
      visited[k] = 1;
      stack[top++] = k;
    }
  }
  return top;
}
