import { describe, expect, it } from 'vitest';
import { compileXsdPattern, MAX_PATTERN_NESTING, translateXsdPattern, XsdPatternError } from './xsd-regex';

const matches = (pattern: string, text: string) => compileXsdPattern(pattern).test(text);

describe('XSD patterns', () => {
  it('are implicitly anchored', () => {
    expect(matches('EI[0-9]{2,3}', 'EI60')).toBe(true);
    expect(matches('EI[0-9]{2,3}', 'EI 60')).toBe(false);
    expect(matches('EI[0-9]{2,3}', 'xEI60')).toBe(false);
    expect(matches('EI[0-9]{2,3}', 'EI6000')).toBe(false);
    expect(matches('a|b', 'ab')).toBe(false);
  });

  it('treat ^ and $ as ordinary characters', () => {
    expect(matches('a^b$', 'a^b$')).toBe(true);
    expect(matches('^ab$', 'ab')).toBe(false);
  });

  it('let . match anything but line breaks', () => {
    expect(matches('.*', 'any thing ♫')).toBe(true);
    expect(matches('.*', 'two\nlines')).toBe(false);
  });

  it('support character class subtraction', () => {
    expect(matches('[a-z-[aeiou]]+', 'rhythm')).toBe(true);
    expect(matches('[a-z-[aeiou]]+', 'vowel')).toBe(false);
    expect(matches('[a-z-[aeiou-[e]]]+', 'vewl')).toBe(true);
  });

  it('give \\d, \\w, \\s, \\i and \\c their XSD meanings', () => {
    expect(matches('\\d+', '٣4')).toBe(true); // Arabic-Indic three is a decimal digit
    expect(matches('\\w+', 'Fire_Rating')).toBe(false); // "_" is punctuation, not a word character in XSD
    expect(matches('\\w+', 'Ärger€')).toBe(true); // letters and symbols are
    expect(matches('a\\sb', 'a\tb')).toBe(true);
    expect(matches('a\\sb', 'a\u00a0b')).toBe(false); // no-break space is not XSD whitespace
    expect(matches('\\i\\c*', 'IfcWall-01')).toBe(true);
    expect(matches('\\i\\c*', '1Wall')).toBe(false);
    expect(matches('[\\S]+', 'ab')).toBe(true);
    expect(matches('[^\\d]+', 'ab')).toBe(true);
  });

  it('support Unicode categories and some blocks', () => {
    expect(matches('\\p{Lu}+', 'ABC')).toBe(true);
    expect(matches('\\p{Lu}+', 'AbC')).toBe(false);
    expect(matches('\\p{IsBasicLatin}+', 'plain')).toBe(true);
    expect(matches('\\p{IsBasicLatin}+', 'café')).toBe(false);
  });

  it('accept escaped metacharacters and a stray escaped slash', () => {
    expect(matches('1\\.5\\*\\(x\\)', '1.5*(x)')).toBe(true);
    expect(matches('(-|[0-9]{2,3})\\/(-|[0-9]{2,3})', '60/-')).toBe(true);
  });

  it('reject what XSD rejects', () => {
    expect(() => compileXsdPattern('(ab')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('[b-a]')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('a{3,1}')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('\\q')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('*a')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('\\p{IsKlingon}')).toThrow(XsdPatternError);
    // A range whose end is missing (found by the IDS fuzz target: it was a TypeError).
    expect(() => compileXsdPattern('[a-')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('x[0-')).toThrow(/unterminated character class/);
  });

  it('compile each pattern once', () => {
    expect(compileXsdPattern('Foo.*')).toBe(compileXsdPattern('Foo.*'));
    expect(translateXsdPattern('(a)')).toBe('(?:a)');
  });
});

describe('linear-time matching (issue 16)', () => {
  it('matches the nested quantifiers that make a backtracking engine run for hours', () => {
    // (a+)+ against 60 × a then "!" is about 2^60 steps on a backtracking RegExp; the linear-time
    // engine takes milliseconds. The test's timeout (60 s, a guard against a hang, not a speed check:
    // decision 0205) fails a backtracking engine whatever the machine's load.
    expect(compileXsdPattern('(a+)+').test(`${'a'.repeat(60)}!`)).toBe(false);
    expect(compileXsdPattern('(a|aa)+').test('a'.repeat(10_000))).toBe(true);
  }, 60_000);

  it('computes character class subtraction on ranges', () => {
    const re = compileXsdPattern('[\\i-[:]][\\c-[:]]*');
    expect(re.test('ifc_Wall.1')).toBe(true);
    expect(re.test('a:b')).toBe(false);
    expect(compileXsdPattern('[a-z-[aeiou]]+').test('bcd')).toBe(true);
    expect(compileXsdPattern('[a-z-[aeiou]]+').test('bad')).toBe(false);
  });

  it('says which pattern it cannot run, instead of running it on a backtracking engine', () => {
    expect(() => compileXsdPattern('[\\w-[a]]')).toThrow(XsdPatternError);
    expect(() => compileXsdPattern('[\\w-[a]]')).toThrow('[\\w-[a]]');
  });
});

describe('XSD patterns from untrusted IDS files', () => {
  it('refuse groups and class subtractions nested beyond the limit with a pattern error', () => {
    const n = 50_000;
    expect(() => translateXsdPattern(`${'('.repeat(n)}a${')'.repeat(n)}`)).toThrow(XsdPatternError);
    expect(() => translateXsdPattern(`${'[a-'.repeat(n)}b${']'.repeat(n)}`)).toThrow(/nested more than/);
    expect(() =>
      translateXsdPattern(`${'('.repeat(MAX_PATTERN_NESTING)}a${')'.repeat(MAX_PATTERN_NESTING)}`),
    ).not.toThrow();
  });
});
