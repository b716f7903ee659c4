import { describe, expect, it } from 'vitest';
import type { RestrictionValue } from '../document';
import { compileValue } from './matcher';

const simple = (value: string) => compileValue({ kind: 'simple', value });
const restriction = (r: Partial<RestrictionValue>) =>
  compileValue({ kind: 'restriction', base: 'string', enumeration: [], patterns: [], ...r });
const str = (value: string) => ({ value, isReal: false });
const int = (value: number) => ({ value, isReal: false });
const real = (value: number) => ({ value, isReal: true });
const bool = (value: boolean) => ({ value, isReal: false });

describe('simple values', () => {
  it('compare strings exactly and case-sensitively', () => {
    expect(simple('Foobar').matches(str('Foobar'))).toBe(true);
    expect(simple('Foobar').matches(str('foobar'))).toBe(false);
    expect(simple('1').matches(str('1'))).toBe(true);
  });

  it('compare booleans with lowercase literals only', () => {
    expect(simple('false').matches(bool(false))).toBe(true);
    expect(simple('true').matches(bool(false))).toBe(false);
    expect(simple('FALSE').matches(bool(false))).toBe(false);
  });

  it('compare integers exactly and refuse decimal literals', () => {
    expect(simple('42').matches(int(42))).toBe(true);
    expect(simple('42.0').matches(int(42))).toBe(false);
    expect(simple('43').matches(int(42))).toBe(false);
  });

  it('compare reals with tolerance and accept any double literal', () => {
    expect(simple('42').matches(real(42))).toBe(true);
    expect(simple('42.').matches(real(42.00000001))).toBe(true);
    expect(simple('1.2345e3').matches(real(1234.5))).toBe(true);
    expect(simple('42').matches(real(42.3))).toBe(false);
    expect(simple('42,3').matches(real(42.3))).toBe(false);
  });
});

describe('restrictions', () => {
  it('enumerations are typed by the model value', () => {
    const m = restriction({ base: 'double', enumeration: ['42', '43'] });
    expect(m.matches(real(42.0000001))).toBe(true);
    expect(m.matches(real(44))).toBe(false);
    expect(restriction({ enumeration: ['Foo', 'Bar'] }).matches(str('foo'))).toBe(false);
    expect(restriction({ enumeration: ['Foo', 'Bar'] }).finite).toEqual(['Foo', 'Bar']);
  });

  it('patterns apply to strings only', () => {
    const m = restriction({ patterns: ['.*'] });
    expect(m.matches(str('anything'))).toBe(true);
    expect(m.matches(real(1))).toBe(false);
    expect(m.matches(bool(true))).toBe(false);
  });

  it('bounds apply to numbers only, with tolerance', () => {
    const m = restriction({ base: 'double', minInclusive: '0', maxExclusive: '10' });
    expect(m.matches(real(0))).toBe(true);
    expect(m.matches(real(9.99))).toBe(true);
    expect(m.matches(real(10))).toBe(false);
    expect(m.matches(str('5'))).toBe(false);
    expect(m.description).toBe('≥ 0 and < 10');
  });

  it('lengths count characters of strings', () => {
    const m = restriction({ minLength: '2', maxLength: '3' });
    expect(m.matches(str('ab'))).toBe(true);
    expect(m.matches(str('♫♫♫'))).toBe(true);
    expect(m.matches(str('abcd'))).toBe(false);
    expect(restriction({ length: '2' }).matches(str('a'))).toBe(false);
  });

  it('a broken restriction never matches', () => {
    expect(restriction({ minInclusive: 'ten' }).matches(real(11))).toBe(false);
    expect(restriction({ patterns: ['(unclosed'] }).matches(str('(unclosed'))).toBe(false);
  });

  it('describes itself for messages', () => {
    expect(simple('EI 60').description).toBe('"EI 60"');
    expect(restriction({ patterns: ['EI[0-9]{2,3}'] }).description).toBe('matching pattern EI[0-9]{2,3}');
    expect(restriction({ enumeration: ['A', 'B'] }).description).toBe('one of "A", "B"');
  });
});

describe('descriptions of long pick lists', () => {
  it('list the first values and count the rest', () => {
    const values = Array.from({ length: 12 }, (_, i) => `L${i}`);
    const m = compileValue({ kind: 'restriction', base: 'string', enumeration: values, patterns: [] });
    expect(m.description).toBe('one of "L0", "L1", "L2" +9 more');
    expect(m.finite).toHaveLength(12);
  });
});
