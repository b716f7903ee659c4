import { describe, expect, it } from 'vitest';
import type { Facet, PropertyFacet, Specification } from '../document';
import { parseIds } from '../parse-ids';
import { validateIdsSchema } from '../validate-ids';
import { readEditable } from './editable';
import { applyIdsEdit, type IdsEdit } from './ids-edit';

const IDS = 'http://standards.buildingsmart.org/IDS';
const XS = 'http://www.w3.org/2001/XMLSchema';

const SPEC_A = `    <!-- plumbline-ignore spec-checks-nothing: kept on purpose -->
    <specification name="Doors" ifcVersion="IFC4" identifier='D-1'>
      <applicability minOccurs="1" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>
        <property>
          <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
          <baseName><simpleValue>IsExternal</simpleValue></baseName>
        </property>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL" cardinality="required">
          <!-- the rating, as the fire engineer writes it -->
          <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
        </property>
      </requirements>
    </specification>`;
const SPEC_B = `    <specification name="Walls" ifcVersion="IFC4">
      <applicability>
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
    </specification>`;

const doc = (...specs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="${IDS}" xmlns:xs="${XS}">
  <!-- a comment before the info -->
  <info>
    <title>Project rules</title>
    <author>bim@example.com</author>
  </info>
  <specifications>
${specs.join('\n')}
  </specifications>
</ids>
`;

function edited(text: string, ...edits: IdsEdit[]): string {
  let current = text;
  for (const edit of edits) {
    const read = readEditable(current);
    if (!read.ok) throw new Error(read.reason);
    const result = applyIdsEdit(read.ids, edit);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    current = result.text;
  }
  return current;
}

const specs = (text: string) => parseIds(text).specifications;

const fireRating = (value: PropertyFacet['value']): PropertyFacet => ({
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

describe('applyIdsEdit', () => {
  const input = doc(SPEC_A, SPEC_B);

  it('changes an attribute value in place, in its own quotes, and adds one after the last', async () => {
    const out = edited(
      input,
      { op: 'setSpecificationField', spec: 0, field: 'identifier', value: "D-'2'" },
      { op: 'setSpecificationField', spec: 1, field: 'description', value: 'Walls & "more"' },
    );
    expect(out).toBe(
      input
        .replace("identifier='D-1'", "identifier='D-&apos;2&apos;'")
        .replace(
          '<specification name="Walls" ifcVersion="IFC4">',
          '<specification name="Walls" ifcVersion="IFC4" description="Walls &amp; &quot;more&quot;">',
        ),
    );
    expect(specs(out).map((s) => [s.identifier, s.description])).toEqual([
      ["D-'2'", null],
      [null, 'Walls & "more"'],
    ]);
    expect(await validateIdsSchema(out)).toEqual([]);
  });

  it('edits the info block: replaces text, inserts a field where ids.xsd puts it, removes one', async () => {
    const out = edited(
      input,
      { op: 'setInfo', field: 'title', value: 'Rules <v2>' },
      { op: 'setInfo', field: 'version', value: '2.0' },
      { op: 'setInfo', field: 'author', value: null },
    );
    expect(out).toBe(
      input.replace(
        '    <title>Project rules</title>\n    <author>bim@example.com</author>\n',
        '    <title>Rules &lt;v2&gt;</title>\n    <version>2.0</version>\n',
      ),
    );
    expect(parseIds(out).info).toMatchObject({ title: 'Rules <v2>', version: '2.0', author: null });
    expect(await validateIdsSchema(out)).toEqual([]);
  });

  it('sets the cardinality through minOccurs and maxOccurs, adding them where absent', () => {
    const out = edited(
      input,
      { op: 'setCardinality', spec: 0, cardinality: 'prohibited' },
      { op: 'setCardinality', spec: 1, cardinality: 'optional' },
    );
    expect(out).toContain('<applicability minOccurs="0" maxOccurs="0">');
    expect(out).toContain(
      '<applicability minOccurs="0" maxOccurs="unbounded">\n        <entity><name><simpleValue>IFCWALL',
    );
    expect(specs(out).map((s) => s.cardinality)).toEqual(['prohibited', 'optional']);
  });

  it('changes one part of a facet and keeps the comment inside it', async () => {
    const out = edited(input, {
      op: 'replaceFacet',
      spec: 0,
      section: 'requirements',
      index: 0,
      facet: fireRating({ kind: 'restriction', base: 'string', enumeration: ['EI30', 'EI60'], patterns: [] }),
    });
    const value = [
      '          <value>',
      '            <xs:restriction base="xs:string">',
      '              <xs:enumeration value="EI30"/>',
      '              <xs:enumeration value="EI60"/>',
      '            </xs:restriction>',
      '          </value>',
      '',
    ].join('\n');
    const at = input.indexOf('        </property>\n      </requirements>');
    expect(out).toBe(input.slice(0, at) + value + input.slice(at));
    expect(out).toContain('<!-- the rating, as the fire engineer writes it -->');
    expect(await validateIdsSchema(out)).toEqual([]);
    // Changing the value again replaces the <value> element alone; the data type is an attribute.
    const again = edited(out, {
      op: 'replaceFacet',
      spec: 0,
      section: 'requirements',
      index: 0,
      facet: {
        ...fireRating({ kind: 'simple', value: 'EI90' }),
        dataType: 'IFCTEXT',
        cardinality: 'optional',
      },
    });
    expect(again).toBe(
      input
        .slice(0, at)
        .replace(
          '<property dataType="IFCLABEL" cardinality="required">\n          <!-- the rating',
          '<property dataType="IFCTEXT" cardinality="optional">\n          <!-- the rating',
        ) +
        '          <value><simpleValue>EI90</simpleValue></value>\n' +
        input.slice(at),
    );
  });

  it('adds facets where ids.xsd wants them: applicability in its order, requirements at the end or new', async () => {
    const material: Facet = {
      type: 'material',
      location: { line: 0, column: 0 },
      cardinality: 'required',
      instructions: null,
      value: { kind: 'simple', value: 'Oak' },
      uri: null,
    };
    const classification: Facet = {
      type: 'classification',
      location: { line: 0, column: 0 },
      cardinality: 'required',
      instructions: null,
      value: null,
      system: { kind: 'simple', value: 'Uniclass' },
      uri: null,
    };
    const out = edited(
      input,
      { op: 'addFacet', spec: 0, section: 'applicability', facet: classification },
      { op: 'addFacet', spec: 0, section: 'applicability', facet: material },
      { op: 'addFacet', spec: 1, section: 'requirements', facet: material },
    );
    const [a, b] = specs(out) as [Specification, Specification];
    expect(a.applicability.map((f) => f.type)).toEqual(['entity', 'classification', 'property', 'material']);
    expect(b.requirements.map((f) => f.type)).toEqual(['material']);
    expect(out).toContain(
      '        <entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>\n        <classification>\n          <system><simpleValue>Uniclass</simpleValue></system>\n        </classification>\n        <property>',
    );
    expect(out).toContain(
      '      </applicability>\n      <requirements>\n        <material cardinality="required">',
    );
    expect(await validateIdsSchema(out)).toEqual([]);
    const read = readEditable(out);
    if (!read.ok) throw new Error('unreadable');
    const entity = a.applicability[0] as Facet;
    expect(
      applyIdsEdit(read.ids, { op: 'addFacet', spec: 0, section: 'applicability', facet: entity }),
    ).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
    expect(
      applyIdsEdit(read.ids, { op: 'moveFacet', spec: 0, section: 'applicability', index: 3, to: 0 }),
    ).toEqual({ ok: false, reason: 'not_allowed' });
  });

  it('moves, duplicates and removes specifications as whole lines, with their suppression comment', async () => {
    const moved = edited(input, { op: 'moveSpecification', spec: 0, to: 1 });
    expect(moved).toBe(doc(SPEC_B, SPEC_A));
    expect(edited(moved, { op: 'moveSpecification', spec: 1, to: 0 })).toBe(input);
    const copied = edited(input, { op: 'duplicateSpecification', spec: 0 });
    expect(copied).toBe(doc(SPEC_A, SPEC_A, SPEC_B));
    expect(edited(copied, { op: 'removeSpecification', spec: 1 })).toBe(input);
    expect(edited(input, { op: 'removeSpecification', spec: 0 })).toBe(doc(SPEC_B));
    const read = readEditable(doc(SPEC_B));
    if (!read.ok) throw new Error('unreadable');
    expect(applyIdsEdit(read.ids, { op: 'removeSpecification', spec: 0 })).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
    expect(await validateIdsSchema(copied)).toEqual([]);
  });

  it('keeps a blank line between specifications when the file separates them so', () => {
    const spaced = doc(`${SPEC_A}\n`, SPEC_B);
    expect(edited(spaced, { op: 'moveSpecification', spec: 0, to: 1 })).toBe(doc(`${SPEC_B}\n`, SPEC_A));
    expect(edited(spaced, { op: 'moveSpecification', spec: 1, to: 0 })).toBe(doc(`${SPEC_B}\n`, SPEC_A));
    expect(edited(spaced, { op: 'duplicateSpecification', spec: 0 })).toBe(
      doc(`${SPEC_A}\n`, `${SPEC_A}\n`, SPEC_B),
    );
    expect(edited(spaced, { op: 'removeSpecification', spec: 0 })).toBe(doc(SPEC_B));
  });

  it('adds a specification from the writer, with the blank-line style and the file prefix', async () => {
    const prefixed = doc(SPEC_B)
      .replace(`<ids xmlns="${IDS}"`, `<ids:ids xmlns:ids="${IDS}"`)
      .replace('</ids>', '</ids:ids>')
      .replace(
        /<(\/?)(info|title|author|specifications|specification|applicability|entity|name|simpleValue)\b/g,
        '<$1ids:$2',
      );
    const spec: Specification = {
      name: 'New',
      identifier: null,
      description: null,
      instructions: null,
      ifcVersions: ['IFC4'],
      minOccurs: 1,
      maxOccurs: null,
      cardinality: 'required',
      applicability: [],
      requirements: [],
      location: { line: 0, column: 0 },
    };
    const out = edited(prefixed, { op: 'addSpecification', at: 1, specification: spec });
    expect(out).toContain(
      '    </ids:specification>\n    <ids:specification name="New" ifcVersion="IFC4">\n      <ids:applicability minOccurs="1" maxOccurs="unbounded">\n      </ids:applicability>\n    </ids:specification>\n  </ids:specifications>',
    );
    expect(await validateIdsSchema(out)).toEqual([]);
    expect(specs(out).map((s) => s.name)).toEqual(['Walls', 'New']);
  });

  it('refuses positions that do not exist', () => {
    const read = readEditable(input);
    if (!read.ok) throw new Error('unreadable');
    expect(applyIdsEdit(read.ids, { op: 'removeFacet', spec: 5, section: 'requirements', index: 0 })).toEqual(
      {
        ok: false,
        reason: 'not_found',
      },
    );
    expect(applyIdsEdit(read.ids, { op: 'removeFacet', spec: 1, section: 'requirements', index: 0 })).toEqual(
      {
        ok: false,
        reason: 'not_found',
      },
    );
  });
});
