/**
 * Numbers for the ways instances are written (decision 0447). A pass over many instances that judges
 * each by a few of its attributes (a property by its class, its Name and its value's type) can judge
 * each distinct way once: instances names are few and repeat heavily. Two instances get the same key
 * exactly when they are of the same class and the chosen attributes are written with the same bytes,
 * so whatever is read from those bytes alone is the same for both. Nothing is decoded: the bytes are
 * hashed and compared with those of the first instance written that way.
 */
import { parameterOffsetFrom } from '../step/decode-direct';
import type { Access } from './access';
import type { InstanceStore } from './store';

/**
 * How an attribute takes part in a key: `whole`, as written (a string literal, `$` or `*`, then a
 * `,`, or the `)` that ends the instance); `type`, a typed value's name with its `(` (`IFCLABEL(`), or the first byte
 * of anything else (which has no type). A class without the attribute has no key (-1), unless the
 * part is `optional`: then its key leaves the part out.
 */
export type WrittenPart = readonly [attribute: string, part: 'whole' | 'type', optional?: 'optional'];

const NO_KEY = -1;
/** First bytes of a value that is no typed value (attributeTypeName: null): $ * ' # . ( - + and digits. */
const NO_TYPE_LEADS = new Uint8Array(256);
for (const c of "$*'#.(-+0123456789") NO_TYPE_LEADS[c.charCodeAt(0)] = 1;
/** Distinct ways kept at most; past them, `keyOf` answers -1 (the caller reads the instance itself). */
const MAX_ENTRIES = 1 << 20;

export class WrittenKeys {
  /** Per class ordinal: the parts' parameter indexes, ascending (null: not yet known; [] when one is missing). */
  private readonly indexesOf: (Int32Array | null)[];
  /** What each part is, in the order of the parts after sorting by index (per class: same order of attributes). */
  private readonly typeOf: (Uint8Array | null)[];
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(256);
  private classes = new Int32Array(256);
  /** Per entry, per part: the span's first byte and its length, in the first instance written that way. */
  private spans: Int32Array;
  private count = 0;
  /** The spans of the instance being keyed. */
  private readonly current: Int32Array;

  constructor(
    private readonly store: InstanceStore,
    private readonly access: Access,
    private readonly parts: readonly WrittenPart[],
  ) {
    const classes = store.index.classNames.length;
    this.indexesOf = new Array(classes).fill(null);
    this.typeOf = new Array(classes).fill(null);
    this.spans = new Int32Array(256 * 2 * parts.length);
    this.current = new Int32Array(2 * parts.length);
  }

  /** Number of distinct ways seen so far (keys are 0 … size - 1). */
  get size(): number {
    return this.count;
  }

  /**
   * The key of the way an instance is written, or -1 when it is not written plainly (an attribute
   * missing, white space or a comment where a value starts, a value `whole` does not take …) or the
   * id is unknown: then the caller reads the instance as usual.
   */
  keyOf(id: number): number {
    const k = this.store.ordinal(id);
    if (k < 0) return NO_KEY;
    const { bytes, index } = this.store;
    const cls = index.classOf[k]!;
    const indexes = this.indexesOf[cls] ?? this.learn(cls);
    const parts = indexes.length;
    if (parts === 0) return NO_KEY;
    const kinds = this.typeOf[cls]!;
    const end = index.ends[k]!;
    const current = this.current;
    let p = index.paramStarts[k]! + 1;
    let at = 0; // the parameter p is at
    let h = Math.imul(cls + 1, 0x9e3779b1);
    for (let n = 0; n < parts; n++) {
      const want = indexes[n]!;
      if (want > at) {
        p = parameterOffsetFrom(bytes, p, 0, end, want - at);
        if (p < 0) return NO_KEY;
        at = want;
      }
      const from = p;
      let c = bytes[p]!;
      if (kinds[n] === 0) {
        // whole: a string literal, $ or *
        if (c === 39) {
          for (p++; ; p++) {
            if (p >= end) return NO_KEY;
            if (bytes[p] === 39) {
              if (bytes[p + 1] !== 39) break;
              p++;
            }
          }
          p++;
        } else if (c === 36 || c === 42) p++;
        else return NO_KEY;
        // Then a comma, or the instance's end when this is the last part (not part of the key).
        c = bytes[p]!;
        if (c !== 44 && (c !== 41 || n + 1 < parts)) return NO_KEY;
      } else {
        if (n + 1 < parts) return NO_KEY; // a type only as the last part
        if (c >= 65 ? c <= 90 || c === 95 || (c >= 97 && c <= 122) : false) {
          // type: NAME(
          for (p++; p < end; p++) {
            c = bytes[p]!;
            if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95)) break;
          }
          if (c !== 40) return NO_KEY;
        } else if (!NO_TYPE_LEADS[c]) return NO_KEY;
        p++; // the ( after a name, or the first byte of a value that has no type
      }
      // The span hashed four bytes at a time (`find` compares every byte).
      const length = p - from;
      h = Math.imul(h ^ length, 0x01000193);
      let i = from;
      for (; i + 4 <= p; i += 4)
        h = Math.imul(
          h ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)),
          0x01000193,
        );
      for (; i < p; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
      current[2 * n] = from;
      current[2 * n + 1] = p - from;
      if (kinds[n] === 0) {
        p++; // past the comma: at the next parameter
        at++;
      }
    }
    return this.find(h, cls, parts);
  }

  /** The entry of the current spans (added when new). */
  private find(h: number, cls: number, parts: number): number {
    const { bytes } = this.store;
    const current = this.current;
    const stride = 2 * this.parts.length;
    let mask = this.slots.length - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    for (let e = this.slots[slot]! - 1; e >= 0; e = this.slots[slot]! - 1) {
      if (this.hashes[e] === h && this.classes[e] === cls) {
        let same = true;
        for (let n = 0; n < parts && same; n++) {
          const from = this.spans[e * stride + 2 * n]!;
          const length = this.spans[e * stride + 2 * n + 1]!;
          const p = current[2 * n]!;
          if (length !== current[2 * n + 1]) same = false;
          else
            for (let i = 0; i < length; i++)
              if (bytes[from + i] !== bytes[p + i]) {
                same = false;
                break;
              }
        }
        if (same) return e;
      }
      slot = (slot + 1) & mask;
    }
    if (this.count >= MAX_ENTRIES) return NO_KEY;
    const e = this.count++;
    if (e >= this.hashes.length) {
      const grow = (a: Int32Array, by: number) => {
        const b = new Int32Array(a.length * by);
        b.set(a);
        return b;
      };
      this.hashes = grow(this.hashes, 2);
      this.classes = grow(this.classes, 2);
      this.spans = grow(this.spans, 2);
    }
    this.hashes[e] = h;
    this.classes[e] = cls;
    this.spans.set(current, e * stride);
    this.slots[slot] = e + 1;
    if (2 * this.count > this.slots.length) {
      // Rehash into twice the slots.
      const slots = new Int32Array(this.slots.length * 2);
      mask = slots.length - 1;
      for (let f = 0; f < this.count; f++) {
        const g = this.hashes[f]!;
        let s = (g ^ (g >>> 15)) & mask;
        while (slots[s] !== 0) s = (s + 1) & mask;
        slots[s] = f + 1;
      }
      this.slots = slots;
    }
    return e;
  }

  /** The parts' parameter indexes in a class (ascending) and their kinds; [] when one is missing or two coincide. */
  private learn(cls: number): Int32Array {
    const found = this.parts
      .map(([attribute, part, optional]) => ({
        index: this.access.attributeIndexOf(cls, attribute),
        type: part === 'type' ? 1 : 0,
        optional: optional === 'optional',
      }))
      .filter((f) => f.index >= 0 || !f.optional);
    found.sort((a, b) => a.index - b.index);
    const usable =
      found.length > 0 && found.every((f, n) => f.index >= 0 && (n === 0 || f.index > found[n - 1]!.index));
    const indexes = usable ? Int32Array.from(found, (f) => f.index) : new Int32Array(0);
    this.indexesOf[cls] = indexes;
    this.typeOf[cls] = Uint8Array.from(found, (f) => f.type);
    return indexes;
  }
}
