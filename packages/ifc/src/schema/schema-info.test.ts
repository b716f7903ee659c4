import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../testing/step-fixture';
import { encodeSchemaTable, encodeTypeRef, parseExpress } from './express-parser';
import * as ifc4 from './generated/ifc4';
import { schemaTables } from './schema-info';

describe('schema tables', () => {
  const s2x3 = schemaTables('IFC2X3');
  const s4 = schemaTables('IFC4');
  const s4x3 = schemaTables('IFC4X3_ADD2');

  it('hold every entity of the official schemas', () => {
    expect(s2x3.entities.size).toBe(653);
    expect(s4.entities.size).toBe(776);
    expect(s4x3.entities.size).toBe(876);
    expect([...s4.entities.values()].filter((e) => e.abstract)).toHaveLength(123);
  });

  it('list explicit attributes in STEP order, inherited first', () => {
    expect(s4.attributeNames('IfcWall')).toEqual([
      'GlobalId',
      'OwnerHistory',
      'Name',
      'Description',
      'ObjectType',
      'ObjectPlacement',
      'Representation',
      'Tag',
      'PredefinedType',
    ]);
    expect(s2x3.attributeNames('IFCWALL')).toHaveLength(8);
    expect(s4.attributeNames('IFCPROPERTYBOUNDEDVALUE')).toEqual([
      'Name',
      'Description',
      'UpperBoundValue',
      'LowerBoundValue',
      'Unit',
      'SetPointValue',
    ]);
    expect(s2x3.attributeNames('IfcClassificationReference')).toEqual([
      'Location',
      'ItemReference',
      'Name',
      'ReferencedSource',
    ]);
    expect(s4.attributeNames('IfcNotAnEntity')).toBeUndefined();
  });

  it('know supertypes, subtypes and abstract entities', () => {
    expect(s4.isSubtypeOf('IFCWALLSTANDARDCASE', 'IfcWall')).toBe(true);
    expect(s4.isSubtypeOf('IFCWALL', 'IFCWALLSTANDARDCASE')).toBe(false);
    expect(s4.isSubtypeOf('IFCWALL', 'IFCROOT')).toBe(true);
    expect(s4.classAndSubtypes('IFCWALL')).toEqual([
      'IFCWALL',
      'IFCWALLELEMENTEDCASE',
      'IFCWALLSTANDARDCASE',
    ]);
    expect(s4.entity('IfcRoot')?.abstract).toBe(true);
    expect(s4.hasEntity('IFCALIGNMENT')).toBe(false); // IFC4x1 class, not in IFC4 ADD2 TC1
    expect(s4x3.hasEntity('IFCALIGNMENT')).toBe(true);
    expect(s2x3.hasEntity('IFCDOORTYPE')).toBe(false); // IFC2X3 has IfcDoorStyle instead
  });

  it('flag attributes redeclared as DERIVE (written *)', () => {
    expect(s4.isDerivedAttribute('IFCSIUNIT', 'Dimensions')).toBe(true);
    expect(s4.isDerivedAttribute('IFCSIUNIT', 'UnitType')).toBe(false);
    expect(s4.isDerivedAttribute('IFCCONVERSIONBASEDUNIT', 'Dimensions')).toBe(false);
    // Inherited by subtypes of the redeclaring entity.
    expect(s4.isDerivedAttribute('IFCGEOMETRICREPRESENTATIONSUBCONTEXT', 'WorldCoordinateSystem')).toBe(true);
  });

  it('know inverse attributes, inherited and per schema', () => {
    const wall4 = schemaTables('IFC4').entity('IfcWall')!;
    expect(wall4.inverses.get('IsDecomposedBy')).toEqual({
      name: 'IsDecomposedBy',
      entity: 'IfcRelAggregates',
      attribute: 'RelatingObject',
    });
    expect(wall4.inverses.get('ContainedInStructure')?.entity).toBe('IfcRelContainedInSpatialStructure');
    expect(schemaTables('IFC2X3').entity('IfcWall')!.inverses.get('IsDecomposedBy')?.entity).toBe(
      'IfcRelDecomposes',
    );
    expect(schemaTables('IFC4').entity('IfcWall')!.inverses.has('AdheresToElement')).toBe(false);
    expect(
      schemaTables('IFC4X3_ADD2').entity('IfcSurfaceFeature')!.inverses.get('AdheresToElement')?.attribute,
    ).toBe('RelatedSurfaceFeatures');
  });

  it('describe attribute types: entities, selects, enumerations, defined types', () => {
    expect(s4.attributeDef('IFCWALL', 'PredefinedType')).toEqual({
      name: 'PredefinedType',
      type: 'IfcWallTypeEnum',
      optional: true,
      aggregate: 0,
    });
    expect(s4.attributeDef('IFCRELAGGREGATES', 'RelatedObjects')?.aggregate).toBe(1);
    expect(s4.typeKind('IfcWallTypeEnum')).toBe('enum');
    expect(s4.typeKind('IfcValue')).toBe('select');
    expect(s4.typeKind('IfcOwnerHistory')).toBe('entity');
    expect(s4.typeKind('IfcLabel')).toBe('defined');
    expect(s4.underlyingType('IfcPositiveLengthMeasure')).toBe('REAL');
    expect(s4.underlyingType('IfcCountMeasure')).toBe('NUMBER');
    expect(s4x3.underlyingType('IfcCountMeasure')).toBe('INTEGER');
    expect(s4.enumValues('IfcWallTypeEnum')).toContain('SHEAR');
  });
});

describe('EXPRESS parser', () => {
  it('encodes type references', () => {
    expect(encodeTypeRef('OPTIONAL IfcLabel')).toBe('?IfcLabel');
    expect(encodeTypeRef('SET [1:?] OF IfcObjectDefinition')).toBe('[IfcObjectDefinition');
    expect(encodeTypeRef('LIST [2:?] OF UNIQUE LIST [1:?] OF IfcCartesianPoint')).toBe('[[IfcCartesianPoint');
    expect(encodeTypeRef('STRING(22) FIXED')).toBe('STRING');
  });

  it('parses entities with redeclared, derived and inverse attributes', () => {
    const schema = parseExpress(
      [
        'ENTITY IfcA',
        ' ABSTRACT SUPERTYPE OF (ONEOF (IfcB));',
        '\tX : OPTIONAL LIST [1:?] OF UNIQUE IfcLabel;',
        '\tY : IfcReal;',
        'END_ENTITY;',
        '',
        'ENTITY IfcB',
        ' SUBTYPE OF (IfcA);',
        '\tSELF\\IfcA.Y : IfcPositiveReal;',
        '\tZ : IfcB;',
        ' DERIVE',
        '\tSELF\\IfcA.X : LIST OF IfcLabel := ?;',
        '\tW : IfcReal := 1;',
        ' INVERSE',
        '\tPartOf : SET [0:1] OF IfcRelX FOR Parts;',
        '\tOwner : IfcA FOR Z;',
        ' WHERE',
        '\tR : EXISTS(Z);',
        'END_ENTITY;',
        '',
        'TYPE IfcE = ENUMERATION OF',
        '\t(A',
        '\t,B);',
        'END_TYPE;',
      ].join('\n'),
    );
    expect(schema.entities).toEqual([
      {
        name: 'IfcA',
        supertype: null,
        abstract: true,
        attributes: [
          { name: 'X', type: '?[IfcLabel' },
          { name: 'Y', type: 'IfcReal' },
        ],
        derived: [],
        inverses: [],
      },
      {
        name: 'IfcB',
        supertype: 'IfcA',
        abstract: false,
        attributes: [{ name: 'Z', type: 'IfcB' }],
        derived: ['X'],
        inverses: [
          { name: 'PartOf', entity: 'IfcRelX', attribute: 'Parts' },
          { name: 'Owner', entity: 'IfcA', attribute: 'Z' },
        ],
      },
    ]);
    expect(schema.types).toEqual([{ kind: 'enum', name: 'IfcE', values: ['A', 'B'] }]);
  });

  it.skipIf(!sharedDir())(
    'regenerates exactly the committed IFC4 table from the official EXPRESS file',
    () => {
      const source = readFileSync(join(sharedDir()!, 'ifc-schemas/express/IFC4.exp'), 'utf8');
      expect(encodeSchemaTable(parseExpress(source))).toBe(ifc4.table);
    },
  );
});
