import { describe, expect, it } from 'vitest';
import { cleanFileName } from './service';

describe('cleanFileName', () => {
  it('keeps the last path segment and refuses empty, overlong or control-character names', () => {
    expect(cleanFileName('C:\\models\\Tower.ifc')).toBe('Tower.ifc');
    expect(cleanFileName('a/b/Tower.ifc')).toBe('Tower.ifc');
    expect(() => cleanFileName('   ')).toThrow();
    expect(() => cleanFileName(`${'a'.repeat(252)}.ifc`)).toThrow();
    expect(() => cleanFileName('a\nb.ifc')).toThrow();
  });

  it('writes bidirectional-text controls out, so a name shows as it really ends', () => {
    // U+202E RIGHT-TO-LEFT OVERRIDE would display "invoice\u202Efci.exe" as "invoiceexe.ifc".
    expect(cleanFileName('invoice\u202Efci.exe')).toBe('invoice[U+202E]fci.exe');
    expect(cleanFileName('a\u2066b\u2069\u200F.ifc')).toBe('a[U+2066]b[U+2069][U+200F].ifc');
    expect(cleanFileName('Übergabe – Straße 1.ifc')).toBe('Übergabe – Straße 1.ifc');
  });
});
