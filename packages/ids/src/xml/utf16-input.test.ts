/**
 * XML 1.0 requires a processor to read UTF-16 as well as UTF-8 (§4.3.3; Appendix F tells the two apart
 * from the first bytes). A Windows tool that saves an IDS as "Unicode" writes UTF-16 with a byte order
 * mark. The independent path is the same file in UTF-8: every shared IDS test case, re-encoded as
 * UTF-16 (little- and big-endian, with and without the mark, its declaration saying UTF-16), must parse
 * to the same document, and validate with the same problems.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { validateAndParseIds } from '../validate-ids';

const cases = resolve(__dirname, '../../../../../shared/ids-testcases/cases');

function idsFiles(): string[] {
  if (!existsSync(cases)) throw new Error(`the shared IDS test cases are missing at ${cases}`);
  return readdirSync(cases, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ids'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The text as UTF-16 bytes, its declaration (when it has one) naming UTF-16 as it then must. */
function utf16(text: string, order: 'le' | 'be', mark: boolean): Uint8Array {
  const declared = text.replace(/^(<\?xml[^>]*encoding\s*=\s*["'])[^"']*(["'])/i, '$1UTF-16$2');
  const le = Buffer.from(`${mark ? '\uFEFF' : ''}${declared}`, 'utf16le');
  if (order === 'le') return le;
  const be = Buffer.from(le);
  be.swap16();
  return be;
}

const variants = [
  { order: 'le', mark: true },
  { order: 'be', mark: true },
  { order: 'le', mark: false },
  { order: 'be', mark: false },
] as const;

describe('an IDS file in UTF-16', () => {
  const files = idsFiles();

  it('parses to the same document as the file in UTF-8, for every shared test case', () => {
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      let expected: unknown;
      try {
        expected = parseIds(Buffer.from(text, 'utf8'), { fileName: 'f.ids' });
      } catch (error) {
        expected = (error as Error).message;
      }
      for (const { order, mark } of variants) {
        let actual: unknown;
        try {
          actual = parseIds(utf16(text, order, mark), { fileName: 'f.ids' });
        } catch (error) {
          actual = (error as Error).message;
        }
        expect(actual, `${file} as UTF-16${order.toUpperCase()}${mark ? ' with BOM' : ''}`).toEqual(expected);
      }
    }
  });

  it('validates against the XSD with the same problems as in UTF-8', async () => {
    const sample = files.filter((_, i) => i % 40 === 0);
    for (const file of sample) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      const expected = (await validateAndParseIds(Buffer.from(text, 'utf8'))).problems;
      for (const { order, mark } of variants) {
        const actual = (await validateAndParseIds(utf16(text, order, mark))).problems;
        expect(actual, `${file} as UTF-16${order.toUpperCase()}`).toEqual(expected);
      }
    }
  }, 120_000);
});
