import { describe, expect, it } from 'vitest';
import { copyText } from './bulk';

// COPY's text format (PostgreSQL docs, "COPY … File Formats / Text Format"): \N is null, and a
// backslash, tab, newline or carriage return inside a value is written as \\, \t, \n, \r.
describe('copyText', () => {
  it('writes null, booleans and numbers as PostgreSQL reads them', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText(true)).toBe('t');
    expect(copyText(false)).toBe('f');
    expect(copyText(42)).toBe('42');
    expect(copyText(-0.5)).toBe('-0.5');
  });

  it('escapes the separators and the backslash, and nothing else', () => {
    expect(copyText('a\\b')).toBe('a\\\\b');
    expect(copyText('tab\there')).toBe('tab\\there');
    expect(copyText('two\nlines\r')).toBe('two\\nlines\\r');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('{"reason": "ä ✓ \'quoted\'"}')).toBe('{"reason": "ä ✓ \'quoted\'"}');
  });
});
