/**
 * Seeded, deterministic mutations of sample files for the fuzz targets (STEP reader, IDS parser):
 * truncation, byte flips, huge tokens, deep nesting, odd encodings (UTF-16 with and without a BOM,
 * a UTF-8 BOM, invalid UTF-8), deleted and duplicated chunks. Case n of a seed is always the same
 * bytes, so a crash is replayed by its seed and case number.
 */

/** mulberry32: a small seeded PRNG. */
export function fuzzRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzFormat {
  /** Tokens repeated to make a huge token (a long string, number, name). */
  readonly hugeTokens: readonly string[];
  /** Opening and closing of one nesting level, e.g. `(` `)` or `<a>` `</a>`. */
  readonly nesting: readonly (readonly [string, string])[];
  /** Short fragments spliced in at random (keywords, delimiters). */
  readonly fragments: readonly string[];
  /** Where values sit (a global regular expression) and odd values to put there instead. */
  readonly values: {
    readonly at: RegExp;
    readonly odd: readonly string[];
    /** Only put an odd value where its first character matches the spot's (`="…"` for `="…"`). */
    readonly sameStart?: boolean;
  };
}

export const STEP_FORMAT: FuzzFormat = {
  hugeTokens: ['9', "'A", 'X', '#1,', '1.5E+', '\\X2\\00E9', '$,', '/*'],
  nesting: [
    ['(', ')'],
    ['IFCLABEL(', ')'],
  ],
  fragments: [
    "'",
    '(',
    ')',
    ';',
    '#',
    '=',
    '$',
    '*',
    '.T.',
    ',',
    'ENDSEC;',
    'DATA;',
    '/*',
    '*/',
    '\\',
    '#0',
    '#99999999999',
  ],
  values: {
    at: /'[^']*'|\.[A-Z_]+\.|#\d+|-?\d+\.\d*(E[-+]?\d+)?/g,
    odd: [
      "''",
      "'\\X2\\D800\\X0\\'",
      "'\\S\\'",
      '.NOTDEFINED.',
      '.U.',
      '1.E400',
      '-0.',
      'NaN',
      '#0',
      '#1',
      '*',
      '()',
      '$',
      "IFCLABEL('')",
      "IFCREAL('x')",
      '((((#1))))',
    ],
  },
};

export const XML_FORMAT: FuzzFormat = {
  hugeTokens: ['a', '&amp;', '<!-- x -->', ' x="1"', '&#x10FFFF;', '\u00e9'],
  nesting: [
    ['<a>', '</a>'],
    ['<ids:specification name="x">', '</ids:specification>'],
  ],
  fragments: [
    '<',
    '>',
    '/>',
    '</',
    '&',
    ';',
    '"',
    "'",
    '<![CDATA[',
    ']]>',
    '<!DOCTYPE x [',
    '<?xml',
    '&lol;',
    '\u0000',
  ],
  values: {
    // Attribute values and texts, not the XML declaration's or the namespace declarations'.
    sameStart: true,
    at: /(?<!xmlns(?::[\w.-]+)?|version|encoding|schemaLocation)="[^"]*"|>[^<]*</g,
    odd: [
      '=""',
      '="-1"',
      '="99999999999999999999"',
      '="1e400"',
      '="NaN"',
      '="("',
      '="[a-"',
      '="\\p{IsNothing}"',
      '="(a|aa)*b"',
      '=".{1,99999}"',
      '="IFCNOTHING"',
      '="IFC5"',
      '="sometimes"',
      '="xs:nothing"',
      '=" "',
      '><',
      '>  <',
      '>&amp;&lt;&#0;<',
      '>IFCWALL IFCSLAB<',
    ],
  },
};

export interface Mutation {
  readonly kind: string;
  readonly bytes: Uint8Array;
}

const encoder = new TextEncoder();

/** Bytes of a string decoded as latin1 (one byte per character, so the rest stays as it was). */
function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function utf16(bytes: Uint8Array, littleEndian: boolean, bom: boolean): Uint8Array {
  const text = new TextDecoder('latin1').decode(bytes);
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  const view = new DataView(out.buffer);
  if (bom) view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++)
    view.setUint16((bom ? 2 : 0) + i * 2, text.charCodeAt(i), littleEndian);
  return out;
}

/**
 * The n-th mutation of `source` for a seed. `maxHuge` bounds the size of a huge token or nesting
 * run (bytes), so every input stays small enough for a test.
 */
export function mutate(
  source: Uint8Array,
  format: FuzzFormat,
  seed: number,
  n: number,
  maxHuge = 2 << 20,
): Mutation {
  const random = fuzzRandom(seed * 1_000_003 + n);
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const at = () => int(source.length + 1);
  const kinds = [
    'truncate',
    'flip',
    'huge-token',
    'deep-nesting',
    'encoding',
    'delete-chunk',
    'duplicate-chunk',
    'splice-fragment',
    'odd-value',
  ] as const;
  const kind = kinds[n % kinds.length] as (typeof kinds)[number];
  switch (kind) {
    case 'truncate':
      return { kind, bytes: source.slice(0, at()) };
    case 'flip': {
      const bytes = new Uint8Array(source); // a copy (Buffer.slice would be a view of the corpus)
      const flips = 1 + int(16);
      for (let k = 0; k < flips && bytes.length > 0; k++) {
        const i = int(bytes.length);
        bytes[i] = random() < 0.5 ? int(256) : (bytes[i] as number) ^ (1 << int(8));
      }
      return { kind, bytes };
    }
    case 'huge-token': {
      const token = pick(format.hugeTokens);
      const size = 1024 << int(12); // 1 KiB … 2 MiB
      const run = encoder.encode(
        token.repeat(Math.max(1, Math.floor(Math.min(size, maxHuge) / token.length))),
      );
      const i = at();
      return { kind, bytes: concat(source.subarray(0, i), run, source.subarray(i)) };
    }
    case 'deep-nesting': {
      const [open, close] = pick(format.nesting);
      const depth = 16 << int(12); // 16 … 32k levels
      const levels = Math.max(1, Math.min(depth, Math.floor(maxHuge / (open.length + close.length))));
      const i = at();
      const closed = random() < 0.5;
      const run = encoder.encode(open.repeat(levels) + (closed ? close.repeat(levels) : ''));
      return { kind, bytes: concat(source.subarray(0, i), run, source.subarray(i)) };
    }
    case 'encoding': {
      const variant = int(6);
      if (variant === 0) return { kind: 'utf16le-bom', bytes: utf16(source, true, true) };
      if (variant === 1) return { kind: 'utf16be-bom', bytes: utf16(source, false, true) };
      if (variant === 2) return { kind: 'utf16le', bytes: utf16(source, true, false) };
      if (variant === 3)
        return { kind: 'utf8-bom', bytes: concat(new Uint8Array([0xef, 0xbb, 0xbf]), source) };
      if (variant === 4)
        return { kind: 'double-bom', bytes: concat(new Uint8Array([0xef, 0xbb, 0xbf, 0xfe, 0xff]), source) };
      // Invalid UTF-8 sequences at a few places: lone continuation, overlong, truncated, surrogate, 0xFF.
      const bad = [[0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80]];
      let bytes = source;
      for (let k = 0; k < 1 + int(4); k++) {
        const i = int(bytes.length + 1);
        bytes = concat(bytes.subarray(0, i), new Uint8Array(pick(bad)), bytes.subarray(i));
      }
      return { kind: 'invalid-utf8', bytes };
    }
    case 'delete-chunk': {
      const i = at();
      const length = int(Math.min(4096, source.length - i + 1));
      return { kind, bytes: concat(source.subarray(0, i), source.subarray(i + length)) };
    }
    case 'duplicate-chunk': {
      const i = at();
      const length = int(Math.min(4096, source.length - i + 1));
      const j = at();
      return {
        kind,
        bytes: concat(source.subarray(0, j), source.subarray(i, i + length), source.subarray(j)),
      };
    }
    case 'odd-value': {
      // Replace a few values (attribute values, texts, STEP literals) with odd ones: the readers'
      // checks of values, not their tokenisers, are what these reach.
      let text = new TextDecoder('latin1').decode(source);
      const spots = [...text.matchAll(format.values.at)];
      for (let k = 0; k < 1 + int(4) && spots.length > 0; k++) {
        const spot = spots[int(spots.length)] as RegExpMatchArray;
        const index = spot.index ?? 0;
        const fits = format.values.odd.filter((o) => !format.values.sameStart || o[0] === spot[0][0]);
        const odd = pick(fits.length > 0 ? fits : format.values.odd);
        text = text.slice(0, index) + odd + text.slice(index + spot[0].length);
        spots.length = 0;
        spots.push(...text.matchAll(format.values.at));
      }
      return { kind, bytes: latin1Bytes(text) };
    }
    case 'splice-fragment': {
      let bytes = source;
      for (let k = 0; k < 1 + int(8); k++) {
        const i = int(bytes.length + 1);
        bytes = concat(bytes.subarray(0, i), encoder.encode(pick(format.fragments)), bytes.subarray(i));
      }
      return { kind, bytes };
    }
  }
}
