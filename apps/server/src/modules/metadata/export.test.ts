import { describe, expect, it } from 'vitest';
import { csvField } from './export-writers';
import { likePattern, stepIdOf } from './search-term';

describe('csvField', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('defuses text a spreadsheet would run as a formula, keeping negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('-0.25')).toBe('-0.25');
  });

  it('defuses every dangerous form of issue 16, also after leading spaces, and keeps plain numbers', () => {
    // Read back as a spreadsheet would: the first character of the unquoted cell decides.
    const cell = (text: string) => {
      const field = csvField(text);
      return field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
    };
    for (const input of ["-1+cmd|' /C calc'!A0", ' =1+1', '  +SUM(A1)', '\t=1', '\r=1', ' @x', '-1-1']) {
      expect(cell(input).startsWith("'"), JSON.stringify(input)).toBe(true);
    }
    for (const number of ['-1', '+3', '-0.5', '1e-3', ' -2 ']) {
      expect(cell(number).startsWith("'"), number).toBe(false);
    }
  });
});

describe('search helpers', () => {
  it('escapes LIKE pattern characters', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
  it('reads a typed STEP id with or without #', () => {
    expect(stepIdOf('#123')).toBe(123);
    expect(stepIdOf(' 77 ')).toBe(77);
    expect(stepIdOf('12a')).toBeNull();
  });
});
