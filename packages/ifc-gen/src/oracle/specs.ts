/**
 * The oracle's specifications as data: every facet kind, in applicability and requirements, with
 * required, optional and prohibited cardinalities and each kind of value restriction. The same data
 * is written as IDS XML (for the engine) and evaluated against the facts (for the expectation).
 *
 * Over 500 lines: one list of data, a specification per facet kind, cardinality and restriction;
 * its order numbers them (OR-01…), and the list reads best whole.
 */
import {
  MATERIALS,
  OMNICLASS_CODES,
  ORACLE_CLASSES,
  ORACLE_PSET,
  type OracleSchema,
  SYSTEMS,
  USER_DEFINED_NAMES,
} from './facts';

export type OracleRestriction =
  | { readonly kind: 'simple'; readonly value: string }
  | { readonly kind: 'enumeration'; readonly base: 'string' | 'integer'; readonly values: readonly string[] }
  | { readonly kind: 'pattern'; readonly pattern: string }
  | {
      readonly kind: 'bounds';
      readonly base: 'double' | 'integer';
      readonly minInclusive?: number;
      readonly minExclusive?: number;
      readonly maxInclusive?: number;
      readonly maxExclusive?: number;
    }
  | {
      readonly kind: 'length';
      readonly length?: number;
      readonly minLength?: number;
      readonly maxLength?: number;
    };

export type OracleCardinality = 'required' | 'optional' | 'prohibited';

export type OracleFacet =
  | { readonly kind: 'entity'; readonly name: OracleRestriction; readonly predefinedType?: OracleRestriction }
  | {
      readonly kind: 'attribute';
      readonly name: string;
      readonly value?: OracleRestriction;
      readonly cardinality?: OracleCardinality;
    }
  | {
      readonly kind: 'property';
      readonly propertySet: OracleRestriction;
      readonly baseName: string;
      readonly dataType?: string;
      readonly value?: OracleRestriction;
      readonly cardinality?: OracleCardinality;
    }
  | {
      readonly kind: 'classification';
      readonly system?: OracleRestriction;
      readonly value?: OracleRestriction;
      readonly cardinality?: OracleCardinality;
    }
  | {
      readonly kind: 'material';
      readonly value?: OracleRestriction;
      readonly cardinality?: OracleCardinality;
    }
  | {
      readonly kind: 'partOf';
      readonly entity: string;
      readonly relation: string;
      readonly cardinality?: OracleCardinality;
    };

export interface OracleSpec {
  readonly id: string;
  readonly name: string;
  readonly cardinality: OracleCardinality;
  readonly applicability: readonly OracleFacet[];
  readonly requirements: readonly OracleFacet[];
}

/** IDS 1.0 requires facets in this order inside applicability and requirements. */
const FACET_ORDER = ['entity', 'partOf', 'classification', 'attribute', 'property', 'material'] as const;

export function inSchemaOrder(facets: readonly OracleFacet[]): OracleFacet[] {
  return [...facets].sort((a, b) => FACET_ORDER.indexOf(a.kind) - FACET_ORDER.indexOf(b.kind));
}

const simple = (value: string): OracleRestriction => ({ kind: 'simple', value });
const entity = (name: string, predefinedType?: OracleRestriction): OracleFacet =>
  predefinedType
    ? { kind: 'entity', name: simple(name), predefinedType }
    : { kind: 'entity', name: simple(name) };

/** The specifications for a model of `schema` (class lists and material values follow the schema). */
export function oracleSpecs(schema: OracleSchema): OracleSpec[] {
  const is2x3 = schema === 'IFC2X3';
  const classNames = ORACLE_CLASSES.filter((c) => c.schemas.includes(schema)).map((c) => c.className);
  const anyElement: OracleFacet = {
    kind: 'entity',
    name: { kind: 'enumeration', base: 'string', values: classNames },
  };
  const commonPset: OracleRestriction = { kind: 'pattern', pattern: 'Pset_[A-Za-z]+Common' };
  const specs: Omit<OracleSpec, 'id'>[] = [
    // Entity facets.
    {
      name: 'Walls are standard walls',
      cardinality: 'optional',
      applicability: [entity('IFCWALL')],
      requirements: [entity('IFCWALL', simple('STANDARD'))],
    },
    {
      name: 'Walls and standard-case walls are standard or shear walls',
      cardinality: 'optional',
      applicability: [
        {
          kind: 'entity',
          name: {
            kind: 'enumeration',
            base: 'string',
            values: is2x3 ? ['IFCWALL', 'IFCWALLSTANDARDCASE'] : ['IFCWALL'],
          },
        },
      ],
      requirements: [
        {
          kind: 'entity',
          name: { kind: 'pattern', pattern: 'IFCWALL(STANDARDCASE)?' },
          predefinedType: { kind: 'enumeration', base: 'string', values: ['STANDARD', 'SHEAR'] },
        },
      ],
    },
    {
      name: 'Floor slabs have a name',
      cardinality: 'optional',
      applicability: [entity('IFCSLAB', simple('FLOOR'))],
      requirements: [{ kind: 'attribute', name: 'Name', cardinality: 'required' }],
    },
    {
      name: 'Columns and beams are load bearing',
      cardinality: 'optional',
      applicability: [{ kind: 'entity', name: { kind: 'pattern', pattern: 'IFC(COLUMN|BEAM)' } }],
      requirements: [
        {
          kind: 'property',
          propertySet: commonPset,
          baseName: 'LoadBearing',
          dataType: 'IFCBOOLEAN',
          value: simple('true'),
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'User-defined doors are described',
      cardinality: 'optional',
      applicability: [entity('IFCDOOR', simple('USERDEFINED'))],
      requirements: [{ kind: 'attribute', name: 'Description', cardinality: 'required' }],
    },
    {
      name: 'Acoustic walls are classified in Uniclass',
      cardinality: 'optional',
      applicability: [entity('IFCWALL', simple(USER_DEFINED_NAMES[0]))],
      requirements: [{ kind: 'classification', system: simple(SYSTEMS.uniclass), cardinality: 'required' }],
    },
    {
      name: 'Elements of a user-defined kind have a tag',
      cardinality: 'optional',
      applicability: [
        {
          kind: 'entity',
          name: { kind: 'enumeration', base: 'string', values: classNames },
          predefinedType: { kind: 'enumeration', base: 'string', values: [...USER_DEFINED_NAMES] },
        },
      ],
      requirements: [{ kind: 'attribute', name: 'Tag', cardinality: 'required' }],
    },
    {
      name: 'There are trapdoors',
      cardinality: 'required',
      applicability: [entity('IFCDOOR', simple('TRAPDOOR'))],
      requirements: [],
    },
    {
      name: 'Standard columns exist',
      cardinality: 'required',
      applicability: [entity('IFCCOLUMN', simple('COLUMN'))],
      requirements: [],
    },
    // Attribute facets.
    {
      name: 'Every element has a GlobalId',
      cardinality: 'required',
      applicability: [anyElement],
      requirements: [{ kind: 'attribute', name: 'GlobalId', cardinality: 'required' }],
    },
    {
      name: 'Column names follow the pattern',
      cardinality: 'optional',
      applicability: [entity('IFCCOLUMN')],
      requirements: [
        {
          kind: 'attribute',
          name: 'Name',
          value: { kind: 'pattern', pattern: 'C-[0-9]{1,2}' },
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Tags are 3 to 5 characters when given',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'attribute',
          name: 'Tag',
          value: { kind: 'length', minLength: 3, maxLength: 5 },
          cardinality: 'optional',
        },
      ],
    },
    {
      name: 'Tags of walls are exactly 4 characters',
      cardinality: 'optional',
      applicability: [entity('IFCWALL')],
      requirements: [
        { kind: 'attribute', name: 'Tag', value: { kind: 'length', length: 4 }, cardinality: 'required' },
      ],
    },
    {
      name: 'No element is described as load bearing or partition',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'attribute',
          name: 'Description',
          value: { kind: 'enumeration', base: 'string', values: ['Load bearing', 'Partition'] },
          cardinality: 'prohibited',
        },
      ],
    },
    {
      name: 'No element has a name',
      cardinality: 'optional',
      applicability: [entity('IFCBEAM')],
      requirements: [{ kind: 'attribute', name: 'Name', cardinality: 'prohibited' }],
    },
    {
      name: 'Walls named W-… have a fire rating',
      cardinality: 'optional',
      applicability: [
        entity('IFCWALL'),
        { kind: 'attribute', name: 'Name', value: { kind: 'pattern', pattern: 'W-.*' } },
      ],
      requirements: [
        {
          kind: 'property',
          propertySet: simple('Pset_WallCommon'),
          baseName: 'FireRating',
          value: { kind: 'pattern', pattern: 'R?EI[0-9]{2,3}' },
          cardinality: 'required',
        },
      ],
    },
    // Property facets.
    {
      name: 'References are identifiers',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: simple(ORACLE_PSET),
          baseName: 'Reference',
          dataType: 'IFCIDENTIFIER',
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Counts, where given, are from 2 to under 8',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: simple(ORACLE_PSET),
          baseName: 'Count',
          dataType: 'IFCINTEGER',
          value: { kind: 'bounds', base: 'integer', minInclusive: 2, maxExclusive: 8 },
          cardinality: 'optional',
        },
      ],
    },
    {
      name: 'Nothing is external',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: commonPset,
          baseName: 'IsExternal',
          dataType: 'IFCBOOLEAN',
          value: simple('true'),
          cardinality: 'prohibited',
        },
      ],
    },
    {
      name: 'Ratios are over 0.2 and at most 0.75',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: simple(ORACLE_PSET),
          baseName: 'Ratio',
          dataType: 'IFCREAL',
          value: { kind: 'bounds', base: 'double', minExclusive: 0.2, maxInclusive: 0.75 },
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Every element has a note',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        { kind: 'property', propertySet: simple(ORACLE_PSET), baseName: 'Note', cardinality: 'required' },
      ],
    },
    {
      name: 'Notes are labels of at most 8 characters',
      cardinality: 'optional',
      applicability: [entity('IFCSLAB')],
      requirements: [
        {
          kind: 'property',
          propertySet: simple(ORACLE_PSET),
          baseName: 'Note',
          dataType: 'IFCLABEL',
          value: { kind: 'length', maxLength: 8 },
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Elements counted 1, 3 or 5 have a material',
      cardinality: 'optional',
      applicability: [
        anyElement,
        {
          kind: 'property',
          propertySet: simple(ORACLE_PSET),
          baseName: 'Count',
          value: { kind: 'enumeration', base: 'integer', values: ['1', '3', '5'] },
        },
      ],
      requirements: [{ kind: 'material', cardinality: 'required' }],
    },
    {
      name: 'Fire ratings come from the list',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: commonPset,
          baseName: 'FireRating',
          dataType: 'IFCLABEL',
          value: { kind: 'enumeration', base: 'string', values: ['EI30', 'EI60', 'EI120'] },
          cardinality: 'optional',
        },
      ],
    },
    {
      name: 'Doors have a fire rating (from their type or their own)',
      cardinality: 'optional',
      applicability: [entity('IFCDOOR')],
      requirements: [
        {
          kind: 'property',
          propertySet: simple('Pset_DoorCommon'),
          baseName: 'FireRating',
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Lengths are from 2.4 m to 4.1 m (quantities in SI units)',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'property',
          propertySet: { kind: 'pattern', pattern: 'Qto_[A-Za-z]+BaseQuantities' },
          baseName: 'Length',
          dataType: 'IFCLENGTHMEASURE',
          value: { kind: 'bounds', base: 'double', minInclusive: 2.4, maxInclusive: 4.1 },
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Slabs 3 m long are rated',
      cardinality: 'optional',
      applicability: [
        entity('IFCSLAB'),
        {
          kind: 'property',
          propertySet: simple('Qto_SlabBaseQuantities'),
          baseName: 'Length',
          value: simple('3'),
        },
      ],
      requirements: [
        {
          kind: 'property',
          propertySet: simple('Pset_SlabCommon'),
          baseName: 'FireRating',
          cardinality: 'required',
        },
      ],
    },
    // Classification facets.
    {
      name: 'Elements are classified EF_25 in Uniclass',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'classification',
          system: simple(SYSTEMS.uniclass),
          value: { kind: 'pattern', pattern: 'EF_25_.*' },
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'OmniClass codes, where classified, are from the list',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'classification',
          system: simple(SYSTEMS.omniclass),
          value: { kind: 'enumeration', base: 'string', values: [...OMNICLASS_CODES.slice(0, 2)] },
          cardinality: 'optional',
        },
      ],
    },
    {
      name: 'No OmniClass',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        { kind: 'classification', system: simple(SYSTEMS.omniclass), cardinality: 'prohibited' },
      ],
    },
    {
      name: 'Everything is classified',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [{ kind: 'classification', cardinality: 'required' }],
    },
    {
      name: 'EF_30_20 elements have a name',
      cardinality: 'optional',
      applicability: [anyElement, { kind: 'classification', value: simple('EF_30_20') }],
      requirements: [{ kind: 'attribute', name: 'Name', cardinality: 'required' }],
    },
    // Material facets.
    {
      name: 'Walls are of brick',
      cardinality: 'optional',
      applicability: [entity('IFCWALL')],
      requirements: [{ kind: 'material', value: simple('Brick'), cardinality: 'required' }],
    },
    {
      name: 'Slabs are of concrete',
      cardinality: 'optional',
      applicability: [entity('IFCSLAB')],
      requirements: [
        {
          kind: 'material',
          value: simple(is2x3 ? (MATERIALS[0]?.name as string) : 'concrete'),
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Materials, where given, are concrete or oak',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'material',
          value: { kind: 'enumeration', base: 'string', values: ['Concrete C30/37', 'Oak'] },
          cardinality: 'optional',
        },
      ],
    },
    {
      name: 'No steel',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        { kind: 'material', value: { kind: 'pattern', pattern: 'Steel.*' }, cardinality: 'prohibited' },
      ],
    },
    {
      name: 'Oak elements are in a system',
      cardinality: 'optional',
      applicability: [anyElement, { kind: 'material', value: simple('Oak') }],
      requirements: [
        { kind: 'partOf', entity: 'IFCSYSTEM', relation: 'IFCRELASSIGNSTOGROUP', cardinality: 'required' },
      ],
    },
    // PartOf facets.
    {
      name: 'Elements are on a storey',
      cardinality: 'optional',
      applicability: [anyElement],
      requirements: [
        {
          kind: 'partOf',
          entity: 'IFCBUILDINGSTOREY',
          relation: 'IFCRELCONTAINEDINSPATIALSTRUCTURE',
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Beams are parts of assemblies',
      cardinality: 'optional',
      applicability: [entity('IFCBEAM')],
      requirements: [
        {
          kind: 'partOf',
          entity: 'IFCELEMENTASSEMBLY',
          relation: 'IFCRELAGGREGATES',
          cardinality: 'required',
        },
      ],
    },
    {
      name: 'Slabs are in no system',
      cardinality: 'optional',
      applicability: [entity('IFCSLAB')],
      requirements: [
        { kind: 'partOf', entity: 'IFCSYSTEM', relation: 'IFCRELASSIGNSTOGROUP', cardinality: 'prohibited' },
      ],
    },
    {
      name: 'System members have a fire rating',
      cardinality: 'optional',
      applicability: [anyElement, { kind: 'partOf', entity: 'IFCSYSTEM', relation: 'IFCRELASSIGNSTOGROUP' }],
      requirements: [
        { kind: 'property', propertySet: commonPset, baseName: 'FireRating', cardinality: 'required' },
      ],
    },
    {
      name: 'No beam in an assembly is in a system',
      cardinality: 'prohibited',
      applicability: [
        entity('IFCBEAM'),
        { kind: 'partOf', entity: 'IFCELEMENTASSEMBLY', relation: 'IFCRELAGGREGATES' },
        { kind: 'partOf', entity: 'IFCSYSTEM', relation: 'IFCRELASSIGNSTOGROUP' },
      ],
      requirements: [],
    },
  ];
  if (is2x3) {
    specs.push(
      {
        // IFC2X3 occurrence/type mapping: IFCAIRTERMINAL is an IfcFlowTerminal typed by an IfcAirTerminalType.
        name: 'Air terminals are classified',
        cardinality: 'required',
        applicability: [entity('IFCAIRTERMINAL')],
        requirements: [{ kind: 'classification', cardinality: 'required' }],
      },
      {
        name: 'Diffusers have a reference',
        cardinality: 'optional',
        applicability: [entity('IFCAIRTERMINAL', simple('DIFFUSER'))],
        requirements: [
          {
            kind: 'property',
            propertySet: simple(ORACLE_PSET),
            baseName: 'Reference',
            cardinality: 'required',
          },
        ],
      },
      {
        name: 'Flow terminals are in a system',
        cardinality: 'optional',
        applicability: [entity('IFCFLOWTERMINAL')],
        requirements: [
          { kind: 'partOf', entity: 'IFCSYSTEM', relation: 'IFCRELASSIGNSTOGROUP', cardinality: 'required' },
        ],
      },
    );
  }
  // IFC2X3 walls, columns, beams and doors have no PredefinedType: the audit refuses a
  // predefinedType on them (as the IDS audit tool does), so those specifications are IFC4+ only.
  const noPredefined2x3 = new Set(['IFCWALL', 'IFCWALLSTANDARDCASE', 'IFCCOLUMN', 'IFCBEAM', 'IFCDOOR']);
  const refusedIn2x3 = (f: OracleFacet) =>
    f.kind === 'entity' &&
    f.predefinedType !== undefined &&
    (f.name.kind === 'simple'
      ? [f.name.value]
      : f.name.kind === 'enumeration'
        ? f.name.values
        : ['IFCWALL']
    ).every((n) => noPredefined2x3.has(n));
  const kept = is2x3
    ? specs.filter((s) => ![...s.applicability, ...s.requirements].some(refusedIn2x3))
    : specs;
  return kept.map((s, k) => ({
    ...s,
    applicability: inSchemaOrder(s.applicability),
    requirements: inSchemaOrder(s.requirements),
    id: `OR-${String(k + 1).padStart(2, '0')}`,
  }));
}
