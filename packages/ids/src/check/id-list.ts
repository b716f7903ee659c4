/**
 * STEP ids kept as 4 bytes each: a specification's passing elements (issue 22), which a large
 * model has by the million and which no reader needs more of than the id.
 */

/** A list of ids that grows as elements pass, read back as an exact-length array. */
export class IdList {
  private data = new Uint32Array(16);
  length = 0;

  push(id: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = id;
  }

  /** The ids pushed, in a buffer of their own (the growing one is let go). */
  take(): Uint32Array {
    const out = this.data.slice(0, this.length);
    this.data = new Uint32Array(0);
    this.length = 0;
    return out;
  }
}

/** Merges two ascending id arrays with no id in both. */
export function mergeIds(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < a.length && j < b.length)
    out[w++] = (a[i] as number) < (b[j] as number) ? (a[i++] as number) : (b[j++] as number);
  while (i < a.length) out[w++] = a[i++] as number;
  while (j < b.length) out[w++] = b[j++] as number;
  return out;
}

/** The ids of `all` not in `minus`, both ascending and `minus` a subset of `all`: a new array. */
export function without(all: Uint32Array, minus: Uint32Array): Uint32Array {
  if (minus.length === 0) return all.slice();
  const out = new Uint32Array(all.length - minus.length);
  let j = 0;
  let w = 0;
  for (let i = 0; i < all.length; i++) {
    const id = all[i] as number;
    if (j < minus.length && minus[j] === id) j++;
    else out[w++] = id;
  }
  if (j !== minus.length || w !== out.length)
    throw new Error('failing ids are not among the applicable ones');
  return out;
}
