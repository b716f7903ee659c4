/**
 * parseIds reads plain files with the fast scan, keeping code-list values off the element tree
 * (xml/plain-xml.ts, `enumerationValues`). The independent path is the saxes reader's full tree
 * read by the same `idsFromTree`: both must give deep-equal documents — specifications, facets,
 * values, locations and problems — on every IDS test case and example, a generated national-size
 * pack and the enumerations the fast match leaves to the general path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IdsParseError, idsFromTree, parseIds } from './parse-ids';
import { readPlainXml } from './xml/plain-xml';
import { readXmlWithSaxes, type XmlElement, XmlReadError } from './xml/xml-tree';

const shared = resolve(__dirname, '../../../../shared');
const LIMITS = { maxDepth: 64, maxElements: 5_000_000 };
/** Saxes reads these documents in seconds; on 2 cores shared with other work, more than the default 5. */
const SLOW_ON_SHARED_CORES = 30_000;

function idsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ids'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** parseIds's answer, or its error with the position, as plain data. */
function outcome(read: () => unknown): unknown {
  try {
    return { document: read() };
  } catch (error) {
    const e = error as { name: string; message: string; line?: unknown; column?: unknown };
    return { error: e.name, message: e.message, line: e.line, column: e.column };
  }
}

function expectSameDocument(text: string): void {
  const fast = outcome(() => parseIds(text, { fileName: 'f.ids' }));
  const bySaxes = outcome(() => {
    let root: XmlElement;
    try {
      root = readXmlWithSaxes(text.replace(/^\uFEFF/, ''), LIMITS.maxDepth, LIMITS.maxElements);
    } catch (error) {
      // parseIds's own wrapping of a reading error.
      if (error instanceof XmlReadError) throw new IdsParseError(error.message, error.line, error.column);
      throw error;
    }
    return idsFromTree(root, { fileName: 'f.ids', text: text.replace(/^\uFEFF/, '') });
  });
  expect(fast).toEqual(bySaxes);
}

const fastWithValues = (text: string) =>
  readPlainXml(text.replace(/^\uFEFF/, ''), { ...LIMITS, enumerationValues: true }) !== null;

describe('parseIds gives the same document through the fast reader as through saxes', () => {
  const files = [...idsFiles(join(shared, 'ids-testcases')), ...idsFiles(join(shared, 'ids-examples'))];

  it(
    'on every IDS test case and example, as written and with CR LF line ends',
    () => {
      expect(files.length).toBeGreaterThan(200);
      let fastOnes = 0;
      let withValues = 0;
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        if (fastWithValues(text)) fastOnes++;
        if (/<(?:\w+:)?enumeration\b/.test(text) && fastWithValues(text)) withValues++;
        expectSameDocument(text);
        expectSameDocument(text.replace(/\r?\n/g, '\r\n'));
      }
      // Nearly all take the fast path, and the comparison covers code lists read as values.
      expect(fastOnes).toBeGreaterThan(files.length * 0.9);
      expect(withValues).toBeGreaterThan(10);
    },
    SLOW_ON_SHARED_CORES,
  );

  it(
    'on a generated pack of 40 specifications with 1,500-value code lists',
    () => {
      // In the shape of national packs (bench/lib/many-spec-pack.ts, which this package may not import):
      // specifications differing in one literal, each requiring a value from a long code list.
      const values = (n: number) =>
        Array.from(
          { length: 1500 },
          (_, i) => `\n          <xs:enumeration value="R-${n}-${i} &amp; c"/>`,
        ).join('');
      const specification = (n: number) =>
        `\n  <specification name="Code ${n}" ifcVersion="IFC2X3 IFC4"><applicability minOccurs="0" maxOccurs="unbounded">` +
        `<property><propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet><baseName><simpleValue>Reference</simpleValue></baseName>` +
        `<value><simpleValue>D-${n}</simpleValue></value></property></applicability>` +
        `<requirements><property cardinality="required"><propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>` +
        `<baseName><simpleValue>Reference</simpleValue></baseName><value><xs:restriction base="xs:string">${values(n)}\n        </xs:restriction></value>` +
        `</property></requirements></specification>`;
      const text =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
        `<info><title>Codes</title></info><specifications>${Array.from({ length: 40 }, (_, n) => specification(n)).join('')}\n</specifications></ids>\n`;
      expect(fastWithValues(text)).toBe(true);
      const document = parseIds(text);
      expect(document.specifications).toHaveLength(40);
      expectSameDocument(text);
    },
    SLOW_ON_SHARED_CORES,
  );

  it('on code lists kept as text: plain values, other prefixes, runs broken by other forms, CR LF', () => {
    // Values with the characters a search of the text must not trip on, and restrictions whose run of
    // plain enumerations is followed by others (a comment, a reference, other quotes, a pattern).
    const plain = (n: number) =>
      Array.from({ length: 300 }, (_, i) => (i % 50 === 7 ? '' : `C-${n}-${i} value='x' /> = ${i % 3}`));
    const restrictions = (n: number) => [
      `<xs:restriction base="xs:string">${plain(n)
        .map((v) => `\n          <xs:enumeration value="${v}"/>`)
        .join('')}\n        </xs:restriction>`,
      `<s:restriction xmlns:s="http://www.w3.org/2001/XMLSchema" base="s:string">${plain(n)
        .map((v) => `<s:enumeration value="${v}"/>`)
        .join(' ')}</s:restriction>`,
      `<restriction xmlns="http://www.w3.org/2001/XMLSchema" base="string"><enumeration value="a${n}"/>\t<enumeration value="b"/></restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b"/><!-- c --><xs:enumeration value="c"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b &amp; c"/><xs:enumeration value="d"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value='b'/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b"/><xs:pattern value="c.*"/></xs:restriction>`,
      `<xs:restriction base="xs:integer"><xs:enumeration value="1"/><xs:enumeration value=" 2"/><xs:enumeration value="3.0"/></xs:restriction>`,
    ];
    const specification = (n: number, restriction: string) =>
      `\n  <specification name="S${n}" ifcVersion="IFC4"><applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>` +
      `<requirements><property><propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet><baseName><simpleValue>Reference</simpleValue></baseName>` +
      `<value>${restriction}</value></property></requirements></specification>`;
    const specifications = [1, 2, 3].flatMap((n) =>
      restrictions(n).map((r, i) => specification(n * 10 + i, r)),
    );
    const text =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
      `<info><title>Codes</title></info><specifications>${specifications.join('')}\n</specifications></ids>\n`;
    for (const variant of [text, text.replace(/\r?\n/g, '\r\n')]) {
      expect(fastWithValues(variant)).toBe(true);
      expectSameDocument(variant);
    }
    // Five forms are kept as text (the first three, the one before a pattern, the integers), so the
    // comparison is about them; the three runs broken by another form are strings.
    const root = readPlainXml(text, { ...LIMITS, enumerationValues: true }) as XmlElement;
    const kept = [...text.matchAll(/<(\w+:)?restriction\b/g)].length;
    const asText = (function count(e: XmlElement): number {
      return (e.codeList ? 1 : 0) + e.children.reduce((n, c) => n + count(c), 0);
    })(root);
    expect([kept, asText]).toEqual([24, 15]);
  });

  it('on enumerations the fast match does not take: references, other attributes, no value, other namespaces', () => {
    const document = (restriction: string) =>
      `<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:o="urn:o">` +
      `<info><title>t</title></info><specifications><specification name="s" ifcVersion="IFC4">` +
      `<applicability><entity><name><simpleValue>IFCWALL</simpleValue></name></entity></applicability>` +
      `<requirements><attribute><name><simpleValue>Name</simpleValue></name><value>${restriction}</value></attribute>` +
      `</requirements></specification></specifications></ids>`;
    const cases = [
      `<xs:restriction base="xs:string"><xs:enumeration value="a &amp; b"/>\n<xs:enumeration value='c\td'/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b" id="x"/><xs:enumeration value="c"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration/><xs:pattern value="p"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"></xs:enumeration><xs:enumeration value="b"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><o:enumeration value="a"/><xs:enumeration value="b"/> text </xs:restriction>`,
      `<r:restriction xmlns:r="http://www.w3.org/2001/XMLSchema" base="r:integer"><r:enumeration value="1"/><xs:enumeration value="2"/></r:restriction>`,
      `<restriction xmlns="http://www.w3.org/2001/XMLSchema" base="double"><enumeration value="1.5"/><minInclusive value="0"/></restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a &bad; b"/></xs:restriction>`,
      `<xs:restriction base="xs:string"><xs:enumeration value="a"/><xs:enumeration value="b"</xs:restriction>`,
    ];
    for (const restriction of cases) expectSameDocument(document(restriction));
    // The first reads fast; a second enumeration form in one restriction goes to saxes.
    expect(fastWithValues(document(cases[0] as string))).toBe(true);
    expect(fastWithValues(document(cases[1] as string))).toBe(false);
  });
});
