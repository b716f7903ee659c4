import { describe, expect, it } from 'vitest';
import { checkMessageSyntax } from '../lint/format-message';
import { parseIds } from '../parse-ids';
import { describeSpecification, nounOf } from './describe';
import { englishSentences, renderPhrase } from './render';

const IDS = 'http://standards.buildingsmart.org/IDS';
const XS = 'http://www.w3.org/2001/XMLSchema';

/** The first specification of an IDS made of `body` (applicability and requirements), rendered. */
function sentence(body: string, occurs = 'minOccurs="1" maxOccurs="unbounded"'): string {
  const xml = `<ids xmlns="${IDS}" xmlns:xs="${XS}"><info><title>t</title></info><specifications>
    <specification name="s" ifcVersion="IFC4">${body.replace('<applicability>', `<applicability ${occurs}>`)}</specification>
  </specifications></ids>`;
  const spec = parseIds(xml).specifications[0];
  if (!spec) throw new Error('no specification');
  const names: Record<string, string> = {
    IFCDOOR: 'IfcDoor',
    IFCWALL: 'IfcWall',
    IFCBUILDINGSTOREY: 'IfcBuildingStorey',
  };
  return renderPhrase(describeSpecification(spec, { className: (upper) => names[upper] }));
}

const DOORS =
  '<applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>';

describe('describeSpecification', () => {
  it('says what the issue asks for: a door with a fire rating from a list', () => {
    expect(
      sentence(`${DOORS}<requirements><property dataType="IFCLABEL">
        <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
        <baseName><simpleValue>FireRating</simpleValue></baseName>
        <value><xs:restriction base="xs:string"><xs:enumeration value="EI30"/><xs:enumeration value="EI60"/></xs:restriction></value>
      </property></requirements>`),
    ).toBe('Every door (IfcDoor) must have Pset_DoorCommon.FireRating as text, one of EI30, EI60.');
  });

  it('joins requirements with "and", says measures in SI units and reads each cardinality', () => {
    expect(
      sentence(
        `${DOORS}<requirements>
          <property dataType="IFCLENGTHMEASURE"><propertySet><simpleValue>Qto_DoorBaseQuantities</simpleValue></propertySet>
            <baseName><simpleValue>Width</simpleValue></baseName>
            <value><xs:restriction base="xs:double"><xs:minInclusive value="0.9"/><xs:maxExclusive value="2"/></xs:restriction></value></property>
          <attribute cardinality="prohibited"><name><simpleValue>Description</simpleValue></name></attribute>
          <partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><entity><name><simpleValue>IFCBUILDINGSTOREY</simpleValue></name></entity></partOf>
        </requirements>`,
        'minOccurs="0" maxOccurs="unbounded"',
      ),
    ).toBe(
      'Every door (IfcDoor) must have Qto_DoorBaseQuantities.Width as a measure of length in m, at least 0.9 and below 2, not have the attribute Description, and be part of IfcBuildingStorey through spatial containment; there may be none.',
    );
  });

  it('reads applicability conditions, a prohibited specification and one without an entity', () => {
    expect(
      sentence(`<applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>
        <property dataType="IFCBOOLEAN"><propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
        <baseName><simpleValue>IsExternal</simpleValue></baseName><value><simpleValue>true</simpleValue></value></property>
      </applicability><requirements><material/></requirements>`),
    ).toBe(
      'Every door (IfcDoor) that has Pset_DoorCommon.IsExternal as true or false, equal to true must be made of any material.',
    );
    expect(sentence(DOORS, 'minOccurs="0" maxOccurs="0"')).toBe('No door (IfcDoor) may exist.');
    expect(
      sentence(`<applicability><classification><system><simpleValue>Uniclass</simpleValue></system></classification></applicability>
        <requirements><classification><value><xs:restriction base="xs:string"><xs:pattern value="EF_[0-9]+"/></xs:restriction></value>
        <system><simpleValue>Uniclass</simpleValue></system></classification></requirements>`),
    ).toBe(
      'Every element that has a Uniclass classification must be classified in Uniclass matching EF_[0-9]+.',
    );
  });

  it('shortens long lists and says how many more', () => {
    const values = Array.from({ length: 10 }, (_, i) => `<xs:enumeration value="V${i}"/>`).join('');
    expect(
      sentence(`${DOORS}<requirements><attribute><name><simpleValue>Name</simpleValue></name>
        <value><xs:restriction base="xs:string">${values}</xs:restriction></value></attribute></requirements>`),
    ).toBe(
      'Every door (IfcDoor) must have the attribute Name one of V0, V1, V2, V3, V4, V5, V6, V7 and 2 more.',
    );
  });

  it('makes nouns of class names', () => {
    expect(nounOf('IfcBuildingElementProxy')).toBe('building element proxy');
    expect(nounOf('IfcWallStandardCase')).toBe('wall standard case');
    expect(nounOf('IFCDOOR')).toBe('door');
  });

  it('has a catalogue of valid messages', () => {
    for (const [id, message] of Object.entries(englishSentences))
      expect(() => checkMessageSyntax(message), id).not.toThrow();
  });
});
