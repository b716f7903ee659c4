/**
 * XSD validation of the text with each code list run cut to its first enumeration gives the same
 * problems (messages and lines) as validation of the whole text: on every IDS test case and example,
 * and on hand-made documents with errors before, inside, after and around long runs. The independent
 * path is libxml2 reading the whole text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIdsWithCodeListRuns } from '../parse-ids';
import { entity, ids, spec, sv } from '../testing/ids-xml';
import { validateIdsSchema } from '../validate-ids';
import { withoutRepeatedEnumerations } from './code-list-runs';

const shared = resolve(__dirname, '../../../../../shared');

function idsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ids'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The problems of the whole text and of the cut one, and how many enumerations were cut. */
async function bothWays(text: string): Promise<{ whole: unknown; cut: unknown; cutOut: number }> {
  let runs: number[];
  try {
    runs = parseIdsWithCodeListRuns(text).codeListRuns;
  } catch {
    runs = [];
  }
  const shortened = withoutRepeatedEnumerations(text, runs, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const count = (t: string) => t.split(/<(?:\w+:)?enumeration\b/).length - 1;
  const [whole, cut] = await Promise.all([validateIdsSchema(text), validateIdsSchema(shortened)]);
  expect(shortened.split(/\r\n?|\n/).length).toBe(text.split(/\r\n?|\n/).length);
  return { whole, cut, cutOut: count(text) - count(shortened) };
}

const codes = (n: number, separator = '\n          ') =>
  Array.from({ length: n }, (_, i) => `${separator}<xs:enumeration value="C-${i}"/>`).join('');
const property = (restriction: string) =>
  `<property><propertySet>${sv('Pset_DoorCommon')}</propertySet><baseName>${sv('Reference')}</baseName><value>${restriction}</value></property>`;

describe('XSD validation with code list runs cut to their first enumeration', () => {
  it('gives the same problems on every IDS test case and example, also with CR LF line ends', async () => {
    const files = [...idsFiles(join(shared, 'ids-testcases')), ...idsFiles(join(shared, 'ids-examples'))];
    expect(files.length).toBeGreaterThan(200);
    let cutOut = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const variant of [text, text.replace(/\r?\n/g, '\r\n')]) {
        const outcome = await bothWays(variant);
        expect([file, outcome.cut]).toEqual([file, outcome.whole]);
        cutOut += outcome.cutOut;
      }
    }
    expect(cutOut).toBeGreaterThan(20);
  }, 120_000);

  it('gives the same problems around long runs: errors before, after, among and outside them', async () => {
    const cases = [
      // Valid: long runs, several per restriction, with and without line ends, a byte-order mark.
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: property(`<xs:restriction base="xs:string">${codes(300)}\n</xs:restriction>`),
        }),
      ),
      `\uFEFF${ids(spec({ applicability: entity('IFCDOOR'), requirements: property(`<xs:restriction base="xs:string">${codes(50, ' ')}<!-- c -->${codes(50)}</xs:restriction>`) }))}`,
      // Errors: a second annotation before the run, an element after it, a prohibited attribute after
      // it, an attribute the XSD does not know, the run where no restriction may be, a bad base.
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: property(
            `<xs:restriction base="xs:string"><xs:annotation/><xs:annotation/>${codes(100)}</xs:restriction>`,
          ),
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: property(
            `<xs:restriction base="xs:string">${codes(100)}\n<xs:simpleType/>${codes(100)}</xs:restriction>`,
          ),
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: property(
            `<xs:restriction base="xs:string">${codes(100)}<xs:enumeration value="x" fixed="true"/>${codes(100)}</xs:restriction>`,
          ),
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: property(
            `<xs:restriction base="xs:string" rabbit="1">${codes(100)}</xs:restriction>`,
          ),
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: `<property><propertySet><simpleValue>P<xs:restriction base="xs:string">${codes(100)}</xs:restriction></simpleValue></propertySet><baseName>${sv('R')}</baseName></property>`,
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: `<property><propertySet><xs:restriction base="xs:string">${codes(100)}</xs:restriction><xs:restriction base="xs:string">${codes(100)}</xs:restriction></propertySet><baseName>${sv('R')}</baseName></property>`,
        }),
      ),
      ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: `${property(`<xs:restriction base="xs:string">${codes(100)}</xs:restriction>`)}<rabbit/>`,
        }),
      ),
      ids(
        spec({
          applicability: `<entity><name><xs:restriction base="xs:string">${codes(80)}</xs:restriction></name><name>${sv('IFCWALL')}</name></entity>`,
        }),
      ),
    ];
    const cut: boolean[] = [];
    for (const text of cases) {
      const outcome = await bothWays(text);
      expect(outcome.cut).toEqual(outcome.whole);
      cut.push(outcome.cutOut > 40);
    }
    // Each case had its runs cut, but the one with an enumeration the fast scan leaves to saxes.
    expect(cut).toEqual(cases.map((_, i) => i !== 4));
    // The comparison is not of empty lists only.
    const invalid = await Promise.all(cases.map((t) => validateIdsSchema(t)));
    expect(invalid.filter((p) => p.length > 0).length).toBeGreaterThanOrEqual(7);
  }, 60_000);
});
