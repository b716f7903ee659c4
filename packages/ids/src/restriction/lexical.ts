/**
 * Lexical forms of the XSD base types IDS uses, and the IDS real-number tolerance.
 * See buildingSMART IDS Documentation/DataTypes.md ("XML base types") and tolerance.md.
 */

const DOUBLE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$|^(NaN|INF|[+-]INF)$/;
const INTEGER = /^[+-]?\d+$/;
const BOOLEAN = /^(true|false|0|1)$/;
const DATE = /^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const TIME = /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

export type XsdBase = 'string' | 'double' | 'integer' | 'boolean' | 'date' | 'dateTime' | 'time' | 'duration';

/** Base types accepted on `xs:restriction` in IDS, and aliases mapped onto them. */
const BASE_ALIASES: Record<string, XsdBase> = {
  string: 'string',
  normalizedString: 'string',
  token: 'string',
  anyURI: 'string',
  double: 'double',
  float: 'double',
  decimal: 'double',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  short: 'integer',
  nonNegativeInteger: 'integer',
  positiveInteger: 'integer',
  boolean: 'boolean',
  date: 'date',
  dateTime: 'dateTime',
  time: 'time',
  duration: 'duration',
};

export function normaliseBase(base: string): XsdBase | null {
  return BASE_ALIASES[base] ?? null;
}

export function isValidLexical(base: XsdBase, text: string): boolean {
  switch (base) {
    case 'string':
      return true;
    case 'double':
      return DOUBLE.test(text);
    case 'integer':
      return INTEGER.test(text);
    case 'boolean':
      return BOOLEAN.test(text);
    case 'date':
      return DATE.test(text);
    case 'dateTime':
      return DATE_TIME.test(text);
    case 'time':
      return TIME.test(text);
    case 'duration':
      return DURATION.test(text);
  }
}

/** Parses an xs:double literal ("42.", "1.2345e3", "INF"); NaN when not a valid literal. */
export function parseDouble(text: string): number {
  if (!DOUBLE.test(text)) return Number.NaN;
  if (text === 'INF' || text === '+INF') return Number.POSITIVE_INFINITY;
  if (text === '-INF') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  return Number(text);
}

export function isIntegerLiteral(text: string): boolean {
  return INTEGER.test(text);
}

/** xs:boolean literal → boolean; undefined when not one of true/false/1/0. */
export function parseBoolean(text: string): boolean | undefined {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** IDS tolerance: relative 1e-6 plus absolute 1e-6. */
export const TOLERANCE = 1e-6;
/** Slack for the last bits of double rounding at the exact edge of the tolerance band. */
const EDGE = 1 + 1e-9;

export function toleranceOf(v: number): number {
  return (Math.abs(v) * TOLERANCE + TOLERANCE) * EDGE;
}

/** x equals v within the IDS tolerance band [v − |v|ε − ε, v + |v|ε + ε]. */
export function realEquals(x: number, v: number): boolean {
  if (x === v) return true;
  return Math.abs(x - v) <= toleranceOf(v);
}

/** Inclusive bounds are stretched by the tolerance, exclusive bounds shrunk (tolerance.md). */
export function withinBound(
  x: number,
  bound: number,
  kind: 'minInclusive' | 'maxInclusive' | 'minExclusive' | 'maxExclusive',
): boolean {
  const t = toleranceOf(bound);
  switch (kind) {
    case 'minInclusive':
      return x >= bound - t;
    case 'maxInclusive':
      return x <= bound + t;
    case 'minExclusive':
      return x > bound + t;
    case 'maxExclusive':
      return x < bound - t;
  }
}
