import { describe, expect, it } from 'vitest';
import type { PropertyFacet } from '../document';
import { parseIds } from '../parse-ids';
import { validateIdsSchema } from '../validate-ids';
import { spliceRequirement } from './splice-requirement';

const IDS = 'http://standards.buildingsmart.org/IDS';
const XS = 'http://www.w3.org/2001/XMLSchema';

const facet = (value: PropertyFacet['value'] = { kind: 'simple', value: 'EI60' }): PropertyFacet => ({
  type: 'property',
  location: { line: 0, column: 0 },
  cardinality: 'required',
  instructions: null,
  propertySet: { kind: 'simple', value: 'Pset_DoorCommon' },
  baseName: { kind: 'simple', value: 'FireRating' },
  value,
  dataType: 'IFCLABEL',
  uri: null,
});

const enumeration: PropertyFacet['value'] = {
  kind: 'restriction',
  base: 'string',
  enumeration: ['EI30'],
  patterns: [],
};

const doc = (specification: string, root = `<ids xmlns="${IDS}" xmlns:xs="${XS}">`) =>
  `<?xml version="1.0" encoding="UTF-8"?>
${root}
  <!-- kept: a comment before the info -->
  <info><title>Doors</title></info>
  <specifications>
${specification}
  </specifications>
</ids>
`;

function spliced(input: string | Uint8Array, position = 0, f = facet()) {
  const result = spliceRequirement(input, position, f);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.xml;
}

async function expectValidWithAddedFacet(xml: string, position = 0) {
  expect(await validateIdsSchema(xml)).toEqual([]);
  const last = parseIds(xml).specifications[position]?.requirements.at(-1);
  expect(last).toMatchObject({ type: 'property', baseName: { kind: 'simple', value: 'FireRating' } });
}

describe('spliceRequirement', () => {
  it('inserts the facet before </requirements>, indented like its neighbour, and touches nothing else', async () => {
    const input = doc(`    <specification name="Doors" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
      <requirements description="Fire safety">
        <!-- a comment naming </requirements> and a <![CDATA[ section ]]> -->
        <attribute><name><simpleValue>Name</simpleValue></name></attribute>
      </requirements>
    </specification>`);
    const added = `        <property dataType="IFCLABEL" cardinality="required">
          <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
          <value><simpleValue>EI60</simpleValue></value>
        </property>
`;
    const at = input.indexOf('      </requirements>');
    expect(spliced(input)).toBe(input.slice(0, at) + added + input.slice(at));
    await expectValidWithAddedFacet(spliced(input));
  });

  it('creates <requirements> right after <applicability> when the specification has none', async () => {
    const input = doc(`    <specification name="Doors" ifcVersion="IFC4">
      <applicability>
        <entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>
      </applicability>
      <!-- kept: after the applicability -->
    </specification>`);
    const at = input.indexOf('</applicability>') + '</applicability>'.length;
    const added = `
      <requirements>
        <property dataType="IFCLABEL" cardinality="required">
          <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
          <value><simpleValue>EI60</simpleValue></value>
        </property>
      </requirements>`;
    expect(spliced(input)).toBe(input.slice(0, at) + added + input.slice(at));
    await expectValidWithAddedFacet(spliced(input));
  });

  it('keeps CRLF line breaks, tabs and a byte-order mark', async () => {
    const input = `\uFEFF${doc(`\t\t<specification name="Doors" ifcVersion="IFC4">
\t\t\t<applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
\t\t\t<requirements>
\t\t\t\t<attribute><name><simpleValue>Name</simpleValue></name></attribute>
\t\t\t</requirements>
\t\t</specification>`).replace(/\n/g, '\r\n')}`;
    const bytes = new TextEncoder().encode(input);
    const xml = spliced(bytes, 0, facet(enumeration));
    const at = input.indexOf('\t\t\t</requirements>');
    expect(xml.slice(0, at)).toBe(input.slice(0, at));
    expect(xml.slice(xml.length - (input.length - at))).toBe(input.slice(at));
    const inserted = xml.slice(at, xml.length - (input.length - at));
    expect(inserted).toBe(
      [
        '\t\t\t\t<property dataType="IFCLABEL" cardinality="required">',
        '\t\t\t\t\t<propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>',
        '\t\t\t\t\t<baseName><simpleValue>FireRating</simpleValue></baseName>',
        '\t\t\t\t\t<value>',
        '\t\t\t\t\t\t<xs:restriction base="xs:string">',
        '\t\t\t\t\t\t\t<xs:enumeration value="EI30"/>',
        '\t\t\t\t\t\t</xs:restriction>',
        '\t\t\t\t\t</value>',
        '\t\t\t\t</property>',
        '',
      ].join('\r\n'),
    );
    await expectValidWithAddedFacet(xml);
  });

  it('writes into a one-line <requirements> on that line and opens a self-closing one', async () => {
    const oneLine = doc(
      `<specification name="D" ifcVersion="IFC4"><applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability><requirements><attribute><name><simpleValue>Name</simpleValue></name></attribute></requirements></specification>`,
    );
    const xml = spliced(oneLine);
    expect(xml).toContain(
      '</attribute><property dataType="IFCLABEL" cardinality="required"><propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet><baseName><simpleValue>FireRating</simpleValue></baseName><value><simpleValue>EI60</simpleValue></value></property></requirements>',
    );
    await expectValidWithAddedFacet(xml);

    const selfClosing = doc(`    <specification name="D" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
      <requirements description="To be written"/>
    </specification>`);
    const opened = spliced(selfClosing);
    expect(opened).toContain('<requirements description="To be written">\n        <property');
    expect(opened).toContain('        </property>\n      </requirements>\n    </specification>');
    await expectValidWithAddedFacet(opened);
  });

  it("uses the file's IDS prefix and declares xs where the file binds it to something else", async () => {
    const input = doc(
      `    <i:specification name="D" ifcVersion="IFC4">
      <i:applicability><i:entity><i:name><i:simpleValue>IFCDOOR</i:simpleValue></i:name></i:entity></i:applicability>
    </i:specification>`,
      `<i:ids xmlns:i="${IDS}" xmlns:xs="urn:not-xsd">`,
    )
      .replace('<info><title>Doors</title></info>', '<i:info><i:title>Doors</i:title></i:info>')
      .replace(/(<\/?)specifications>/g, '$1i:specifications>')
      .replace('</ids>', '</i:ids>');
    const xml = spliced(input, 0, facet(enumeration));
    expect(xml).toContain(`<i:requirements xmlns:xs="${XS}">\n        <i:property`);
    await expectValidWithAddedFacet(xml);
  });

  it('keeps a line break inside a value as written', () => {
    const input = doc(`    <specification name="D" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
    </specification>`);
    const xml = spliced(input, 0, facet({ kind: 'simple', value: 'one\n  two' }));
    expect(parseIds(xml).specifications[0]?.requirements[0]).toMatchObject({
      value: { kind: 'simple', value: 'one\n  two' },
    });
  });

  it('refuses files it could not write back byte for byte: another encoding, or bytes that are not UTF-8', () => {
    const body = doc(`    <specification name="Türen" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
    </specification>`);
    const latin1 = Buffer.from(body.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(spliceRequirement(latin1, 0, facet())).toEqual({
      ok: false,
      reason: 'encoding_not_utf8',
      declaredEncoding: 'ISO-8859-1',
    });
    const broken = Buffer.from(body, 'latin1'); // says UTF-8, holds a Latin-1 'ü'
    expect(spliceRequirement(broken, 0, facet())).toMatchObject({ ok: false, reason: 'invalid_utf8' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
    expect(spliceRequirement(utf16, 0, facet())).toMatchObject({ ok: false, reason: 'encoding_not_utf8' });
    expect(spliceRequirement(Buffer.from(body), 3, facet())).toMatchObject({
      ok: false,
      reason: 'structure_not_found',
    });
  });

  it('keeps the reader limits: a file over the size limit is refused before it is read', () => {
    const input = doc(`    <specification name="D" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
    </specification>`);
    expect(() => spliceRequirement(input, 0, facet(), { maxBytes: 100 })).toThrow(/limit for an IDS file/);
  });
});
