import { parseIds } from '@plumbline/ids';
import { describe, expect, it } from 'vitest';
import { toStoredFacet } from './facets';

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Facets</title></info>
  <specifications>
    <specification name="Walls" ifcVersion="IFC4">
      <applicability minOccurs="1" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL" cardinality="required">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
          <value><xs:restriction base="xs:string"><xs:pattern value="EI[0-9]{2,3}"/></xs:restriction></value>
        </property>
        <attribute cardinality="optional">
          <name><simpleValue>Description</simpleValue></name>
          <value><xs:restriction base="xs:string"><xs:enumeration value="A"/><xs:enumeration value="B"/></xs:restriction></value>
        </attribute>
      </requirements>
    </specification>
  </specifications>
</ids>`;

describe('toStoredFacet', () => {
  it('stores each facet in the screens shape with its value constraints', () => {
    const spec = parseIds(xml).specifications[0]!;
    expect(toStoredFacet(spec.applicability[0]!, '0.a0')).toMatchObject({
      id: '0.a0',
      facet_type: 'entity',
      entity_name: 'IFCWALL',
      predefined_type: null,
      value_constraints: [],
    });
    expect(toStoredFacet(spec.requirements[0]!, '0.r0')).toMatchObject({
      facet_type: 'property',
      cardinality: 'required',
      property_set: 'Pset_WallCommon',
      property_name: 'FireRating',
      property_data_type: 'IFCLABEL',
      value_constraints: [{ type: 'pattern', pattern: 'EI[0-9]{2,3}' }],
    });
    expect(toStoredFacet(spec.requirements[1]!, '0.r1')).toMatchObject({
      facet_type: 'attribute',
      cardinality: 'optional',
      attribute_name: 'Description',
      value_constraints: [{ type: 'enumeration', values: ['A', 'B'] }],
    });
  });
});
