import { describe, expect, it } from 'vitest';
import { isValidLexical, parseBoolean, parseDouble, realEquals, withinBound } from './lexical';

describe('lexical forms', () => {
  it('accept XSD doubles and refuse locale forms', () => {
    for (const ok of ['42', '42.', '.5', '-1.2345e3', '1.2345E3', '+7', 'INF', '-INF', 'NaN']) {
      expect(isValidLexical('double', ok)).toBe(true);
    }
    for (const bad of ['42,3', '123,4.5', '', '1e', 'e3', '4 2'])
      expect(isValidLexical('double', bad)).toBe(false);
    expect(parseDouble('1.2345e3')).toBe(1234.5);
    expect(Number.isNaN(parseDouble('42,3'))).toBe(true);
  });

  it('keep integers free of decimals', () => {
    expect(isValidLexical('integer', '42')).toBe(true);
    expect(isValidLexical('integer', '-42')).toBe(true);
    expect(isValidLexical('integer', '42.')).toBe(false);
    expect(isValidLexical('integer', '42.0')).toBe(false);
  });

  it('accept only lowercase booleans (and 0/1)', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('0')).toBe(false);
    expect(parseBoolean('TRUE')).toBeUndefined();
    expect(isValidLexical('boolean', 'FALSE')).toBe(false);
  });

  it('check dates and durations', () => {
    expect(isValidLexical('date', '2022-01-01')).toBe(true);
    expect(isValidLexical('date', '01/01/2022')).toBe(false);
    expect(isValidLexical('duration', 'PT16H')).toBe(true);
    expect(isValidLexical('duration', 'P')).toBe(false);
  });
});

describe('IDS real tolerance (1e-6 relative plus 1e-6 absolute)', () => {
  it('includes the edges of the band from tolerance.md', () => {
    expect(realEquals(0.999998, 1)).toBe(true);
    expect(realEquals(1.000002, 1)).toBe(true);
    expect(realEquals(0.9999979, 1)).toBe(false);
    expect(realEquals(1.0000021, 1)).toBe(false);
    expect(realEquals(100000.100001, 100000)).toBe(true);
    expect(realEquals(99999.8999989, 100000)).toBe(false);
    expect(realEquals(-1000001.000001, -1000000)).toBe(true);
    expect(realEquals(-1000001.0000011, -1000000)).toBe(false);
    expect(realEquals(0.000001, 0)).toBe(true);
    expect(realEquals(-0.0000011, 0)).toBe(false);
  });

  it('stretches inclusive bounds and shrinks exclusive ones', () => {
    expect(withinBound(-0.000001, 0, 'minInclusive')).toBe(true);
    expect(withinBound(0.0000011, 0, 'maxInclusive')).toBe(false);
    expect(withinBound(0.0000009, 0, 'minExclusive')).toBe(false);
    expect(withinBound(0.0000011, 0, 'minExclusive')).toBe(true);
    expect(withinBound(-0.0000009, 0, 'maxExclusive')).toBe(false);
    expect(withinBound(-0.0000011, 0, 'maxExclusive')).toBe(true);
  });
});
