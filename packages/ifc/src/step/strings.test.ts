import { describe, expect, it } from 'vitest';
import { decodeStepString } from './strings';

const decode = (literalContent: string) => {
  const bytes = new TextEncoder().encode(literalContent);
  return decodeStepString(bytes, 0, bytes.length);
};
const latin1Bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('decodeStepString', () => {
  it('keeps plain ASCII as is', () => {
    expect(decode('Pset_WallCommon')).toBe('Pset_WallCommon');
    expect(decode('')).toBe('');
  });

  it("turns '' into a single quote", () => {
    expect(decode("Don''t")).toBe("Don't");
    expect(decode("''''")).toBe("''");
  });

  it('decodes \\X2\\ … \\X0\\ as UTF-16, several code units in one run', () => {
    expect(decode('\\X2\\266B\\X0\\Don')).toBe('♫Don');
    expect(decode('h\\X2\\00F4\\X0\\tel\\X2\\040A04350442\\X0\\')).toBe('hôtelЊет');
  });

  it('decodes \\X4\\ as UCS-4 code points', () => {
    expect(decode('\\X4\\0001F600\\X0\\')).toBe('😀');
  });

  it('decodes \\X\\hh and \\S\\c as ISO 8859-1', () => {
    expect(decode('\\X\\E4')).toBe('ä');
    expect(decode('\\S\\d')).toBe('ä'); // 'd' (0x64) + 0x80 = 0xE4
  });

  it('decodes \\\\ to one backslash and ignores \\PA\\ code-page switches', () => {
    expect(decode('C:\\\\Models')).toBe('C:\\Models');
    expect(decode('\\PA\\abc')).toBe('abc');
  });

  it('reads raw UTF-8 bytes as UTF-8 and invalid UTF-8 as ISO 8859-1', () => {
    expect(decode('Türe')).toBe('Türe');
    const bytes = latin1Bytes('T\u00fcre');
    expect(decodeStepString(bytes, 0, bytes.length)).toBe('Türe');
  });

  it('returns the same string for repeated short values (interned) and still distinguishes them', () => {
    expect(decode('Reference')).toBe('Reference');
    expect(decode('Referencf')).toBe('Referencf');
    expect(decode('Reference')).toBe('Reference');
  });

  it('decodes long strings', () => {
    const long = 'x'.repeat(10_000);
    expect(decode(long)).toBe(long);
  });
});
