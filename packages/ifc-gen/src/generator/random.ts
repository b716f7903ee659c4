/**
 * Deterministic randomness for the generator: a seeded PRNG for layout choices, a low-discrepancy
 * selector for defects (exact shares, subsets as the version improves) and IFC GlobalIds.
 */

/** mulberry32: small, fast, good enough for layout variety. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit bijective integer mix (lowbias32), keyed so each word of a GlobalId differs. */
function mix32(value: number, key: number): number {
  let x = (value ^ key) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/**
 * IFC GlobalIds (22 characters of IFC's base-64 alphabet encoding 128 bits). The first word is a
 * bijection of the serial, so ids within one namespace never collide; the namespace and seed vary
 * the other words so separate streams (elements, relations) stay apart.
 */
export class GlobalIdFactory {
  private readonly keys: [number, number, number, number];

  constructor(seed: number, namespace: number) {
    const base = mix32(seed >>> 0, 0x9e3779b9);
    this.keys = [
      mix32(base, 0x243f6a88 + namespace),
      mix32(base, 0x85a308d3 + namespace),
      mix32(base, 0x13198a2e + namespace),
      mix32(base, 0x03707344 + namespace),
    ];
  }

  /** The GlobalId of the n-th object of this stream. */
  id(serial: number): string {
    // Word 0 is bijective in the serial (unique per namespace); it is placed last so the
    // namespace-dependent words lead and streams do not collide either.
    const w0 = mix32(serial, this.keys[0]) ^ this.keys[1];
    const w1 = mix32(serial, this.keys[2]);
    const w2 = mix32(serial, this.keys[3]);
    const w3 = mix32(w1, this.keys[0]);
    return encodeGuid(w3, w2, w1 ^ (this.keys[3] & 0xffff), w0 >>> 0);
  }
}

/** Encodes four 32-bit words (128 bits, most significant first) as an IFC GlobalId. */
export function encodeGuid(a: number, b: number, c: number, d: number): string {
  // 2 bits, then 21 groups of 6 bits: 4 + 5×6 groups from each 32-bit word boundary handled inline.
  const w0 = a >>> 0;
  const w1 = b >>> 0;
  const w2 = c >>> 0;
  const w3 = d >>> 0;
  const C = GUID_CHARS;
  return (
    C[w0 >>> 30]! +
    C[(w0 >>> 24) & 63]! +
    C[(w0 >>> 18) & 63]! +
    C[(w0 >>> 12) & 63]! +
    C[(w0 >>> 6) & 63]! +
    C[w0 & 63]! +
    C[w1 >>> 26]! +
    C[(w1 >>> 20) & 63]! +
    C[(w1 >>> 14) & 63]! +
    C[(w1 >>> 8) & 63]! +
    C[(w1 >>> 2) & 63]! +
    C[((w1 & 3) << 4) | (w2 >>> 28)]! +
    C[(w2 >>> 22) & 63]! +
    C[(w2 >>> 16) & 63]! +
    C[(w2 >>> 10) & 63]! +
    C[(w2 >>> 4) & 63]! +
    C[((w2 & 15) << 2) | (w3 >>> 30)]! +
    C[(w3 >>> 24) & 63]! +
    C[(w3 >>> 18) & 63]! +
    C[(w3 >>> 12) & 63]! +
    C[(w3 >>> 6) & 63]! +
    C[w3 & 63]!
  );
}

/** Decodes a GlobalId back to its 128 bits as four words (used by tests). */
export function decodeGuid(guid: string): [number, number, number, number] {
  const bits: number[] = [];
  const first = GUID_CHARS.indexOf(guid[0]!);
  bits.push((first >> 1) & 1, first & 1);
  for (let i = 1; i < guid.length; i++) {
    const v = GUID_CHARS.indexOf(guid[i]!);
    for (let b = 5; b >= 0; b--) bits.push((v >> b) & 1);
  }
  const words: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0; i < 128; i++) words[i >>> 5] = ((words[i >>> 5]! << 1) | bits[i]!) >>> 0;
  return words;
}

const GOLDEN = 0.6180339887498949;

/**
 * Low-discrepancy fraction for the n-th item of a kind: evenly spread in [0,1), so "value < rate"
 * selects almost exactly rate × count items, and a lower rate selects a subset of a higher one.
 */
export function spreadFraction(serial: number, salt: number): number {
  const x = (serial + 1) * GOLDEN + salt * 0.7548776662466927;
  return x - Math.floor(x);
}
