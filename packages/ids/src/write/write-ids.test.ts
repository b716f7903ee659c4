import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest, testcasesDirectory } from '../conformance/manifest-runner';
import type { IdsDocument } from '../document';
import { parseIds } from '../parse-ids';
import { validateIds } from '../validate-ids';
import { escapeAttribute, writeIds } from './write-ids';

/** The document without source positions (a rewritten file puts things on other lines). */
function comparable(doc: IdsDocument): unknown {
  return JSON.parse(
    JSON.stringify(doc, (key, value) =>
      key === 'location' || key === 'line' || key === 'column' ? undefined : value,
    ),
  );
}

const dir = testcasesDirectory();
const manifest = loadManifest(dir);
const validCases = (manifest ?? []).filter((c) => c.expected !== 'invalid');

describe('writeIds', () => {
  it('escapes markup, quotes and whitespace that XML would otherwise normalise', () => {
    expect(escapeAttribute('a<b & "c"\td\ne\r')).toBe('a&lt;b &amp; &quot;c&quot;&#9;d&#10;e&#13;');
  });

  it('writes a document that reads back the same, including restrictions and requirement attributes', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Round &amp; trip</title><author>someone@example.com</author><date>2026-11-22</date></info>
  <specifications>
    <specification name="Walls &lt;fire&gt;" ifcVersion="IFC4 IFC2X3" instructions="Line one&#10;line two">
      <applicability minOccurs="0" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL" cardinality="optional" instructions="Use the code">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
          <value><xs:restriction base="xs:string"><xs:enumeration value="EI60"/><xs:enumeration value="EI90"/></xs:restriction></value>
        </property>
        <property dataType="IFCREAL">
          <propertySet><simpleValue>Qto</simpleValue></propertySet>
          <baseName><simpleValue>Width</simpleValue></baseName>
          <value><xs:restriction base="xs:double"><xs:minInclusive value="0.1"/><xs:maxExclusive value="2"/></xs:restriction></value>
        </property>
        <partOf relation="IFCRELAGGREGATES" cardinality="prohibited"><entity><name><simpleValue>IFCBUILDINGSTOREY</simpleValue></name></entity></partOf>
      </requirements>
    </specification>
  </specifications>
</ids>`;
    const doc = parseIds(xml);
    expect(doc.problems).toEqual([]);
    const written = writeIds(doc);
    expect(comparable(parseIds(written))).toEqual(comparable(doc));
    expect(await validateIds(written)).toEqual([]);
  });

  it.skipIf(manifest === null)(
    'round-trips every valid buildingSMART conformance case: parse(write(parse(x))) = parse(x), XSD-valid',
    async () => {
      expect(validCases.length).toBeGreaterThan(100);
      for (const testCase of validCases) {
        const original = parseIds(readFileSync(join(dir, testCase.ids)), { fileName: testCase.ids });
        const written = writeIds(original);
        const reread = parseIds(written, { fileName: testCase.ids });
        expect(comparable(reread), testCase.id).toEqual(comparable(original));
        expect(await validateIds(written), testCase.id).toEqual([]);
      }
    },
    300_000,
  );
});
