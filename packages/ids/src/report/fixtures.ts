/**
 * Hand-built check reports for the reporters' tests and for looking at reporter output by eye.
 * They cover the shapes a real check produces: passing and failing specifications, a required
 * specification that found nothing (fails as a whole, no elements), elements without a GlobalId,
 * text that must be escaped in HTML and XML, and an invalid IDS.
 */
import type { IdsValue } from '../document';
import type { CheckReport, ElementResult, FacetSummary, SpecificationResult } from '../results';

const at = { line: 1, column: 1 };
const simple = (value: string): IdsValue => ({ kind: 'simple', value });
const restriction = (parts: { enumeration?: string[]; patterns?: string[] }): IdsValue => ({
  kind: 'restriction',
  base: 'string',
  enumeration: parts.enumeration ?? [],
  patterns: parts.patterns ?? [],
});

/** The facet summaries a check makes, from facets as an IDS states them. */
export function entityFacet(name: string): FacetSummary {
  const facet = { type: 'entity', location: at, cardinality: 'required', instructions: null } as const;
  return {
    type: 'entity',
    cardinality: 'required',
    facet: { ...facet, name: simple(name), predefinedType: null },
  };
}

export function propertyFacet(
  set: string,
  name: string,
  dataType: string,
  value: IdsValue | null = null,
): FacetSummary {
  return {
    type: 'property',
    cardinality: 'required',
    facet: {
      type: 'property',
      location: at,
      cardinality: 'required',
      instructions: null,
      propertySet: simple(set),
      baseName: simple(name),
      dataType,
      value,
      uri: null,
    },
  };
}

const wallApplicability: FacetSummary[] = [entityFacet('IFCWALL')];

const wallRequirements: FacetSummary[] = [
  propertyFacet('Pset_WallCommon', 'FireRating', 'IFCLABEL', restriction({ patterns: ['EI[0-9]{2,3}'] })),
  propertyFacet('Pset_WallCommon', 'IsExternal', 'IFCBOOLEAN'),
  {
    type: 'material',
    cardinality: 'required',
    facet: {
      type: 'material',
      location: at,
      cardinality: 'required',
      instructions: null,
      value: restriction({ enumeration: ['concrete', 'masonry'] }),
      uri: null,
    },
  },
];

const wallFailures: ElementResult[] = [
  {
    id: 1402,
    globalId: '3cUkl32yn9qRSPvBJVyWYp',
    className: 'IFCWALL',
    name: 'Basic Wall:Interior <partition> & "acoustic"',
    failures: [
      { facetIndex: 0, type: 'property', outcome: 'absent', kind: 'propertyMissing' },
      {
        facetIndex: 2,
        type: 'material',
        outcome: 'mismatch',
        kind: 'materialMismatch',
        actual: ['Gypsum <board>'],
        actualValue: 'Gypsum <board>',
      },
    ],
  },
  {
    id: 1577,
    globalId: '0DWgwt6o1FOx7466fPk$jl',
    className: 'IFCWALL',
    name: 'Basic Wall:Interior - 100mm',
    failures: [
      {
        facetIndex: 0,
        type: 'property',
        outcome: 'mismatch',
        kind: 'propertyMismatch',
        subject: 'Pset_WallCommon.FireRating',
        actual: ['"F90"'],
        actualValue: 'F90',
      },
    ],
  },
  {
    id: 1733,
    globalId: null,
    className: 'IFCWALL',
    name: null,
    failures: [
      { facetIndex: 1, type: 'property', outcome: 'absent', kind: 'propertyMissing' },
      { facetIndex: 0, type: 'property', outcome: 'absent', kind: 'propertyMissing' },
    ],
  },
];

const wallsSpecification: SpecificationResult = {
  name: 'Walls carry a fire rating & material',
  description: 'Every wall states its fire rating (EI class) and whether it is external.',
  identifier: 'ARC-01',
  instructions: 'Set the fire rating in the wall type properties, <b>not</b> on the instance.',
  ifcVersions: ['IFC2X3', 'IFC4'],
  cardinality: 'required',
  applicability: wallApplicability,
  requirements: wallRequirements,
  status: 'fail',
  reason: null,
  applicableCount: 5,
  passedCount: 2,
  failedCount: 3,
  passingIds: Uint32Array.of(1021, 1188),
  failingElements: wallFailures,
};

const doorsSpecification: SpecificationResult = {
  name: 'Doors have a name',
  description: null,
  identifier: null,
  instructions: null,
  ifcVersions: ['IFC4'],
  cardinality: 'required',
  applicability: [entityFacet('IFCDOOR')],
  requirements: [
    {
      type: 'attribute',
      cardinality: 'required',
      facet: {
        type: 'attribute',
        location: at,
        cardinality: 'required',
        instructions: null,
        name: simple('Name'),
        value: null,
      },
    },
  ],
  status: 'pass',
  reason: null,
  applicableCount: 2,
  passedCount: 2,
  failedCount: 0,
  passingIds: Uint32Array.of(2210, 2298),
  failingElements: [],
};

const spacesSpecification: SpecificationResult = {
  name: 'Model contains spaces',
  description: 'At least one IfcSpace must be modelled.',
  identifier: 'ARC-07',
  instructions: null,
  ifcVersions: ['IFC4'],
  cardinality: 'required',
  applicability: [entityFacet('IFCSPACE')],
  requirements: [],
  status: 'fail',
  reason: 'noneApplicable',
  applicableCount: 0,
  passedCount: 0,
  failedCount: 0,
  passingIds: new Uint32Array(0),
  failingElements: [],
};

const prohibitedSpecification: SpecificationResult = {
  name: 'No proxies',
  description: 'Generic proxies are not allowed in the handover model.',
  identifier: 'GEN-02',
  instructions: null,
  ifcVersions: ['IFC4'],
  cardinality: 'prohibited',
  applicability: [entityFacet('IFCBUILDINGELEMENTPROXY')],
  requirements: [],
  status: 'pass',
  reason: null,
  applicableCount: 0,
  passedCount: 0,
  failedCount: 0,
  passingIds: new Uint32Array(0),
  failingElements: [],
};

const common = {
  ids: { title: 'Handover <check> & "fire"', fileName: 'handover.ids' },
  model: { fileName: 'AC20-FZK-Haus.ifc', schema: 'IFC4' },
  checkedAt: '2026-11-22T08:15:30.000Z',
  durationMs: 1234,
} as const;

/** Two of four specifications fail: one by elements, one (required, nothing applicable) as a whole. */
export const failingReport: CheckReport = {
  ...common,
  status: 'fail',
  problems: [],
  specifications: [wallsSpecification, doorsSpecification, spacesSpecification, prohibitedSpecification],
};

/** Every specification passes. */
export const passingReport: CheckReport = {
  ...common,
  ids: { title: 'Doors', fileName: 'doors.ids' },
  status: 'pass',
  problems: [],
  specifications: [doorsSpecification, prohibitedSpecification],
};

/** The IDS did not validate: no specifications, problems say why. */
export const invalidReport: CheckReport = {
  ...common,
  ids: { title: null, fileName: 'broken.ids' },
  status: 'invalid',
  problems: [
    {
      line: 14,
      column: 9,
      message: "Element '{http://standards.buildingsmart.org/IDS}colour': This element is not expected.",
    },
    { line: null, column: null, message: 'The IDS has no specifications element.' },
  ],
  specifications: [],
};

/** A prohibited specification that matched: its elements fail by existing, with no requirement failures. */
export const prohibitedFailingReport: CheckReport = {
  ...common,
  status: 'fail',
  problems: [],
  specifications: [
    {
      ...prohibitedSpecification,
      status: 'fail',
      reason: 'prohibitedMatched',
      applicableCount: 1,
      failedCount: 1,
      failingElements: [
        {
          id: 3301,
          globalId: '2Xb4sVz1D0bRk7Qm0Wn3Pd',
          className: 'IFCBUILDINGELEMENTPROXY',
          name: 'Generic Models:Placeholder',
          failures: [],
        },
      ],
    },
  ],
};

/** A failing report with `count` failing elements in one specification, for caps and volume. */
export function manyFailuresReport(count: number): CheckReport {
  const elements: ElementResult[] = [];
  for (let i = 0; i < count; i++) {
    elements.push({
      id: 10_000 + i,
      globalId: syntheticGlobalId(i),
      className: i % 3 === 0 ? 'IFCWINDOW' : 'IFCDOOR',
      name: `Element ${i}`,
      failures: [{ facetIndex: 0, type: 'property', outcome: 'absent', kind: 'propertyMissing' }],
    });
  }
  const specification: SpecificationResult = {
    ...wallsSpecification,
    name: 'Openings carry a fire rating',
    identifier: 'ARC-09',
    requirements: [propertyFacet('Pset_DoorCommon', 'FireRating', 'IFCLABEL')],
    applicableCount: count,
    passedCount: 0,
    failedCount: count,
    passingIds: new Uint32Array(0),
    failingElements: elements,
  };
  return { ...common, status: count > 0 ? 'fail' : 'pass', problems: [], specifications: [specification] };
}

const base64Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A valid-looking, unique 22-character IFC GlobalId for index `i`. */
function syntheticGlobalId(i: number): string {
  let text = '';
  let rest = i;
  for (let position = 0; position < 6; position++) {
    text = base64Alphabet[rest % 64] + text;
    rest = Math.floor(rest / 64);
  }
  return `3Zu5Bv0LOHrPC100${text}`;
}
