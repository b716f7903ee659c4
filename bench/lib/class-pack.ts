/**
 * A seeded IDS pack of the other common national-pack shape (issue 36): specifications that apply to
 * a whole entity class (IFCCOLUMN, IFCDOOR, …) and require three to six facets drawn from a small
 * pool shared by every specification of that class: the same Pset_*Common properties (fire ratings
 * as patterns, booleans, status enumerations), the same Qto_*BaseQuantities bounds, the same
 * material and Description / Name attributes. Client requirement packs organised by element type
 * look like this, and so do many national templates.
 *
 * Specification i applies to class CLASSES[i mod 12] (every fifth also names a predefined type,
 * every sixth adds an applicability property from a small pool) and requires:
 *  - a code list of `codeListLength` values on one property of the class with few distinct values
 *    (type references, model labels, acoustic ratings): one of three lists of the class, two
 *    holding every value the model has among fillers, the third (every fifth specification)
 *    leaving one out, so it fails on some elements. Packs repeat a few code lists in many
 *    specifications; with 1,500 values the 400-specification pack is 35 MB of IDS;
 *  - two to five further facets drawn without repetition from the class's pool, each in one of a
 *    few variants (so the pack has few distinct facets however many specifications it has).
 * Written against @plumbline/ifc-gen's model (its classes, property sets and values); valid against
 * ids.xsd (bench/class-pack.test.ts).
 */

/** A requirement facet in a few variants (the pool entry), each as IDS XML. */
type PoolEntry = readonly string[];

interface ClassPool {
  readonly entity: string;
  readonly predefinedType: string;
  /** The code-list facet: property set, property, data type and the values the model holds. */
  readonly list: { pset: string; name: string; dataType: string; values: readonly string[] };
  readonly pool: readonly PoolEntry[];
  /** Applicability properties some specifications add (simple values). */
  readonly applicable: readonly string[];
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

const I = '        ';

function simple(value: string): string {
  return `<ids:simpleValue>${escapeXml(value)}</ids:simpleValue>`;
}

function restriction(base: string, body: string): string {
  return `
${I}    <xs:restriction base="xs:${base}">
${body}
${I}    </xs:restriction>
${I}  `;
}

function enumeration(values: readonly string[]): string {
  return values.map((v) => `${I}      <xs:enumeration value="${escapeXml(v)}"/>`).join('\n');
}

function pattern(value: string): string {
  return restriction('string', `${I}      <xs:pattern value="${escapeXml(value)}"/>`);
}

function bounds(
  min: { kind: string; value: string } | null,
  max: { kind: string; value: string } | null,
): string {
  const lines = [min, max]
    .filter((b) => b !== null)
    .map((b) => `${I}      <xs:${b.kind} value="${b.value}"/>`)
    .join('\n');
  return restriction('double', lines);
}

function property(
  pset: string,
  name: string,
  dataType: string,
  value: string | null,
  cardinality: 'required' | 'optional' | 'prohibited' = 'required',
): string {
  const card = cardinality === 'required' ? '' : ` cardinality="${cardinality}"`;
  const v = value === null ? '' : `\n${I}  <ids:value>${value}</ids:value>`;
  return `${I}<ids:property dataType="${dataType}"${card}>
${I}  <ids:propertySet>${simple(pset)}</ids:propertySet>
${I}  <ids:baseName>${simple(name)}</ids:baseName>${v}
${I}</ids:property>`;
}

function attribute(
  name: string,
  value: string | null,
  cardinality: 'required' | 'optional' | 'prohibited' = 'required',
): string {
  const card = cardinality === 'required' ? '' : ` cardinality="${cardinality}"`;
  const v = value === null ? '' : `\n${I}  <ids:value>${value}</ids:value>`;
  return `${I}<ids:attribute${card}>
${I}  <ids:name>${simple(name)}</ids:name>${v}
${I}</ids:attribute>`;
}

function material(value: string | null, cardinality: 'required' | 'optional' = 'required'): string {
  const card = cardinality === 'required' ? '' : ` cardinality="${cardinality}"`;
  if (value === null) return `${I}<ids:material${card}/>`;
  return `${I}<ids:material${card}>
${I}  <ids:value>${value}</ids:value>
${I}</ids:material>`;
}

/** EN 13501 fire ratings as patterns: the shapes real packs write. */
const FIRE_PATTERNS = [
  '(R|E|EI|REI)(15|20|30|45|60|90|120|180|240)',
  'R?E?I?[0-9]{2,3}',
  '(REI|EI|R)[0-9]{2,3}',
];

/** Description: required (the generated model never has one), optional with a pattern, or prohibited. */
const DESCRIPTION: PoolEntry = [
  attribute('Description', null),
  attribute('Description', pattern('.{3,120}'), 'optional'),
  attribute('Description', null, 'prohibited'),
];

function fireRating(pset: string, cardinality: 'required' | 'optional' = 'required'): PoolEntry {
  return FIRE_PATTERNS.map((p) => property(pset, 'FireRating', 'IFCLABEL', pattern(p), cardinality));
}

function qto(
  set: string,
  name: string,
  dataType: string,
  variants: readonly [string | null, string | null][],
) {
  return variants.map(([min, max]) =>
    property(
      set,
      name,
      dataType,
      bounds(
        min === null
          ? null
          : { kind: min.startsWith('>') ? 'minExclusive' : 'minInclusive', value: min.replace('>', '') },
        max === null
          ? null
          : { kind: max.startsWith('<') ? 'maxExclusive' : 'maxInclusive', value: max.replace('<', '') },
      ),
    ),
  );
}

/** A boolean property: present with any value, or with the value the model's elements mostly hold. */
function bool(pset: string, name: string, value: 'true' | 'false' | null = null): PoolEntry {
  const any = property(pset, name, 'IFCBOOLEAN', null);
  return value === null ? [any] : [any, property(pset, name, 'IFCBOOLEAN', simple(value))];
}

function materials(values: readonly string[]): PoolEntry {
  return [
    material(null),
    material(restriction('string', enumeration(values))),
    material(simple(values[0] as string)),
  ];
}

const NAME: PoolEntry = [attribute('Name', pattern('[^:]+:[^:]+:[0-9]+')), attribute('Name', null)];

const CLASSES: readonly ClassPool[] = [
  {
    entity: 'IFCWALL',
    predefinedType: 'STANDARD',
    list: {
      pset: 'Pset_WallCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['IW-100', 'EW-350', 'IW-200', 'IL-060'],
    },
    pool: [
      fireRating('Pset_WallCommon'),
      bool('Pset_WallCommon', 'IsExternal'),
      bool('Pset_WallCommon', 'LoadBearing'),
      [
        property(
          'Pset_WallCommon',
          'Status',
          'IFCLABEL',
          restriction('string', enumeration(['NEW', 'EXISTING'])),
        ),
      ],
      [property('Pset_WallCommon', 'AcousticRating', 'IFCLABEL', pattern('Rw [0-9]{2} dB'))],
      [
        property(
          'Pset_WallCommon',
          'ThermalTransmittance',
          'IFCTHERMALTRANSMITTANCEMEASURE',
          bounds(null, { kind: 'maxInclusive', value: '0.30' }),
          'optional',
        ),
      ],
      qto('Qto_WallBaseQuantities', 'Width', 'IFCLENGTHMEASURE', [
        ['0.05', '0.5'],
        ['>0', null],
      ]),
      qto('Qto_WallBaseQuantities', 'NetSideArea', 'IFCAREAMEASURE', [['>0', null]]),
      qto('Qto_WallBaseQuantities', 'GrossVolume', 'IFCVOLUMEMEASURE', [['>0', '<50']]),
      materials(['Masonry', 'Concrete', 'Gypsum', 'Insulation']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [
      property('Pset_WallCommon', 'IsExternal', 'IFCBOOLEAN', simple('true')),
      property('Pset_WallCommon', 'LoadBearing', 'IFCBOOLEAN', simple('true')),
    ],
  },
  {
    entity: 'IFCDOOR',
    predefinedType: 'DOOR',
    list: {
      pset: 'Pset_ManufacturerTypeInformation',
      name: 'ModelLabel',
      dataType: 'IFCLABEL',
      values: ['D01', 'D02', 'D03', 'D04'],
    },
    pool: [
      fireRating('Pset_DoorCommon', 'optional'),
      bool('Pset_DoorCommon', 'IsExternal', 'false'),
      bool('Pset_DoorCommon', 'HandicapAccessible', 'true'),
      [property('Pset_DoorCommon', 'Status', 'IFCLABEL', restriction('string', enumeration(['NEW'])))],
      [property('Pset_DoorCommon', 'Reference', 'IFCIDENTIFIER', pattern('D0[1-4]-[0-9]{3}'))],
      qto('Qto_DoorBaseQuantities', 'Width', 'IFCLENGTHMEASURE', [
        ['0.8', null],
        ['0.7', '2.0'],
      ]),
      qto('Qto_DoorBaseQuantities', 'Height', 'IFCLENGTHMEASURE', [['2.0', null]]),
      materials(['Timber - Oak', 'Wood', 'Aluminium']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [property('Pset_DoorCommon', 'HandicapAccessible', 'IFCBOOLEAN', simple('true'))],
  },
  {
    entity: 'IFCWINDOW',
    predefinedType: 'WINDOW',
    list: {
      pset: 'Pset_WindowCommon',
      name: 'AcousticRating',
      dataType: 'IFCLABEL',
      values: ['Rw 32 dB', 'Rw 36 dB', 'Rw 25 dB'],
    },
    pool: [
      bool('Pset_WindowCommon', 'IsExternal', 'true'),
      bool('Pset_WindowCommon', 'HasSillExternal', 'true'),
      [
        property(
          'Pset_WindowCommon',
          'ThermalTransmittance',
          'IFCTHERMALTRANSMITTANCEMEASURE',
          bounds(null, { kind: 'maxInclusive', value: '1.4' }),
        ),
      ],
      [property('Pset_WindowCommon', 'Reference', 'IFCIDENTIFIER', pattern('W0[1-9]-[0-9]{1,3}'))],
      qto('Qto_WindowBaseQuantities', 'Width', 'IFCLENGTHMEASURE', [[null, '2.4']]),
      qto('Qto_WindowBaseQuantities', 'Area', 'IFCAREAMEASURE', [['>0', null]]),
      materials(['Glass', 'Aluminium', 'Glass - Float']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [property('Pset_WindowCommon', 'IsExternal', 'IFCBOOLEAN', simple('true'))],
  },
  {
    entity: 'IFCCOLUMN',
    predefinedType: 'COLUMN',
    list: {
      pset: 'Pset_ColumnCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['C400', 'GEN300', 'UC254'],
    },
    pool: [
      fireRating('Pset_ColumnCommon'),
      bool('Pset_ColumnCommon', 'LoadBearing', 'true'),
      bool('Pset_ColumnCommon', 'IsExternal', 'false'),
      qto('Qto_ColumnBaseQuantities', 'Length', 'IFCLENGTHMEASURE', [['2.4', null]]),
      qto('Qto_ColumnBaseQuantities', 'CrossSectionArea', 'IFCAREAMEASURE', [
        ['>0', '0.2'],
        ['0.1', null],
      ]),
      materials(['Concrete C32/40', 'Steel S355']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [property('Pset_ColumnCommon', 'LoadBearing', 'IFCBOOLEAN', simple('true'))],
  },
  {
    entity: 'IFCBEAM',
    predefinedType: 'BEAM',
    list: {
      pset: 'Pset_BeamCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['B300', 'UB406'],
    },
    pool: [
      fireRating('Pset_BeamCommon'),
      bool('Pset_BeamCommon', 'LoadBearing', 'true'),
      qto('Qto_BeamBaseQuantities', 'Length', 'IFCLENGTHMEASURE', [['>0', '12']]),
      qto('Qto_BeamBaseQuantities', 'GrossVolume', 'IFCVOLUMEMEASURE', [
        ['>0', null],
        ['1', null],
      ]),
      [
        property(
          'Pset_BeamCommon',
          'Span',
          'IFCPOSITIVELENGTHMEASURE',
          bounds(null, { kind: 'maxInclusive', value: '7.2' }),
        ),
      ],
      materials(['Concrete C32/40', 'Steel S355']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [property('Pset_BeamCommon', 'IsExternal', 'IFCBOOLEAN', simple('false'))],
  },
  {
    entity: 'IFCSLAB',
    predefinedType: 'FLOOR',
    list: {
      pset: 'Pset_SlabCommon',
      name: 'AcousticRating',
      dataType: 'IFCLABEL',
      values: ["Rw 55 dB, L'nT,w 58 dB"],
    },
    pool: [
      fireRating('Pset_SlabCommon'),
      bool('Pset_SlabCommon', 'LoadBearing', 'true'),
      bool('Pset_SlabCommon', 'IsExternal', 'false'),
      qto('Qto_SlabBaseQuantities', 'Width', 'IFCLENGTHMEASURE', [['0.15', '0.4']]),
      qto('Qto_SlabBaseQuantities', 'NetArea', 'IFCAREAMEASURE', [['>0', null]]),
      materials(['Concrete C32/40', 'Concrete']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [property('Pset_SlabCommon', 'LoadBearing', 'IFCBOOLEAN', simple('true'))],
  },
  {
    entity: 'IFCSPACE',
    predefinedType: 'INTERNAL',
    list: {
      pset: 'Pset_SpaceCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['OFF', 'MTG', 'KIT', 'WC', 'STO', 'CIR'],
    },
    pool: [
      bool('Pset_SpaceCommon', 'IsExternal', 'false'),
      bool('Pset_SpaceCommon', 'HandicapAccessible', 'true'),
      qto('Qto_SpaceBaseQuantities', 'NetFloorArea', 'IFCAREAMEASURE', [
        ['1', '500'],
        ['>0', null],
      ]),
      qto('Qto_SpaceBaseQuantities', 'Height', 'IFCLENGTHMEASURE', [['2.4', null]]),
      [
        property(
          'Pset_SpaceCommon',
          'NetPlannedArea',
          'IFCAREAMEASURE',
          bounds({ kind: 'minExclusive', value: '0' }, null),
        ),
      ],
      [attribute('LongName', null)],
      [attribute('Name', pattern('[0-9]{2}\\.[0-9]{3}'))],
      DESCRIPTION,
    ],
    applicable: [property('Pset_SpaceCommon', 'PubliclyAccessible', 'IFCBOOLEAN', simple('false'))],
  },
  {
    entity: 'IFCAIRTERMINAL',
    predefinedType: 'DIFFUSER',
    list: {
      pset: 'Pset_AirTerminalTypeCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['SD-600'],
    },
    pool: [
      [
        property(
          'Pset_AirTerminalOccurrence',
          'AirFlowRate',
          'IFCVOLUMETRICFLOWRATEMEASURE',
          bounds({ kind: 'minExclusive', value: '0' }, { kind: 'maxInclusive', value: '0.1' }),
        ),
      ],
      [
        property(
          'Pset_AirTerminalTypeCommon',
          'Shape',
          'IFCLABEL',
          restriction('string', enumeration(['SQUARE', 'ROUND', 'RECTANGULAR'])),
        ),
      ],
      [property('Pset_ManufacturerTypeInformation', 'Manufacturer', 'IFCLABEL', null)],
      materials(['Steel - Galvanised', 'Steel']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [],
  },
  {
    entity: 'IFCDUCTSEGMENT',
    predefinedType: 'RIGIDSEGMENT',
    list: {
      pset: 'Pset_DuctSegmentTypeCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['RD-400x250'],
    },
    pool: [
      qto('Qto_DuctSegmentBaseQuantities', 'Length', 'IFCLENGTHMEASURE', [
        ['>0', '12'],
        ['>0', null],
      ]),
      [
        property(
          'Pset_DuctSegmentTypeCommon',
          'Shape',
          'IFCLABEL',
          restriction('string', enumeration(['RECTANGULAR', 'ROUND', 'FLATOVAL'])),
        ),
      ],
      materials(['Steel - Galvanised', 'Steel']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [],
  },
  {
    entity: 'IFCPIPESEGMENT',
    predefinedType: 'RIGIDSEGMENT',
    list: {
      pset: 'Pset_PipeSegmentTypeCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['CU-22'],
    },
    pool: [
      qto('Qto_PipeSegmentBaseQuantities', 'Length', 'IFCLENGTHMEASURE', [['>0', '12']]),
      [
        property(
          'Pset_PipeSegmentTypeCommon',
          'NominalDiameter',
          'IFCPOSITIVELENGTHMEASURE',
          bounds({ kind: 'minInclusive', value: '0.015' }, { kind: 'maxInclusive', value: '0.3' }),
        ),
      ],
      [
        property(
          'Pset_PipeSegmentTypeCommon',
          'WorkingPressure',
          'IFCPRESSUREMEASURE',
          bounds({ kind: 'minExclusive', value: '0' }, null),
        ),
      ],
      materials(['Copper', 'Steel']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [],
  },
  {
    entity: 'IFCLIGHTFIXTURE',
    predefinedType: 'POINTSOURCE',
    list: {
      pset: 'Pset_LightFixtureTypeCommon',
      name: 'Reference',
      dataType: 'IFCIDENTIFIER',
      values: ['LP-36'],
    },
    pool: [
      [
        property(
          'Pset_LightFixtureTypeCommon',
          'TotalWattage',
          'IFCPOWERMEASURE',
          bounds({ kind: 'minExclusive', value: '0' }, { kind: 'maxInclusive', value: '60' }),
        ),
      ],
      [property('Pset_LightFixtureTypeCommon', 'NumberOfSources', 'IFCINTEGER', null)],
      [property('Pset_ManufacturerTypeInformation', 'Manufacturer', 'IFCLABEL', null)],
      materials(['Polycarbonate - Opal', 'Plastic']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [],
  },
  {
    entity: 'IFCSANITARYTERMINAL',
    predefinedType: 'TOILETPAN',
    list: {
      pset: 'Pset_ManufacturerTypeInformation',
      name: 'ModelLabel',
      dataType: 'IFCLABEL',
      values: ['Contour 21'],
    },
    pool: [
      [property('Pset_ManufacturerTypeInformation', 'Manufacturer', 'IFCLABEL', null)],
      materials(['Vitreous china', 'Ceramic']),
      DESCRIPTION,
      NAME,
    ],
    applicable: [],
  },
];

export interface ClassPackOptions {
  readonly specifications: number;
  readonly codeListLength: number;
  readonly seed?: number;
}

/** mulberry32: a small, seeded, deterministic generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** The code list: the model's values (one left out when `leaveOut`) among fillers, in a seeded order. */
function codeList(
  values: readonly string[],
  length: number,
  leaveOut: boolean,
  next: () => number,
): string[] {
  const kept = leaveOut && values.length > 1 ? values.slice(1) : [...values];
  const list = new Set(kept.slice(0, length));
  // Fillers look like real values but never occur in the model.
  while (list.size < length) list.add(`${kept[0]}-X${Math.floor(next() * 1e7)}`);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out;
}

/** The class's three code lists: all the model's values, the same with other fillers, one value left out. */
function codeLists(cls: ClassPool, c: number, length: number, seed: number): string[][] {
  return [false, false, true].map((leaveOut, variant) =>
    codeList(cls.list.values, length, leaveOut, random(seed * 7919 + length * 31 + c * 3 + variant)),
  );
}

function specification(i: number, lists: readonly (readonly string[][])[], next: () => number): string {
  const c = i % CLASSES.length;
  const cls = CLASSES[c] as ClassPool;
  const predefined =
    i % 5 === 4 ? `\n${I}  <ids:predefinedType>${simple(cls.predefinedType)}</ids:predefinedType>` : '';
  const extra = i % 6 === 5 && cls.applicable.length > 0 ? `\n${pick(cls.applicable, next)}` : '';
  // Three to six requirements: the code list and two to five from the pool.
  const count = Math.min(cls.pool.length, 2 + Math.floor(next() * 4));
  const order = cls.pool.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(next() * (k + 1));
    [order[k], order[j]] = [order[j] as number, order[k] as number];
  }
  const drawn = order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((k) => pick(cls.pool[k] as PoolEntry, next));
  const list = property(
    cls.list.pset,
    cls.list.name,
    cls.list.dataType,
    restriction(
      'string',
      enumeration((lists[c] as string[][])[i % 5 === 0 ? 2 : Math.floor(next() * 2)] as string[]),
    ),
  );
  const optional = i % 5 === 3;
  return `    <ids:specification name="${cls.entity} requirements ${i + 1}" ifcVersion="IFC4" identifier="CS-${String(i + 1).padStart(4, '0')}">
      <ids:applicability minOccurs="${optional ? 0 : 1}" maxOccurs="unbounded">
${I}<ids:entity>
${I}  <ids:name>${simple(cls.entity)}</ids:name>${predefined}
${I}</ids:entity>${extra}
      </ids:applicability>
      <ids:requirements>
${[list, ...drawn].join('\n')}
      </ids:requirements>
    </ids:specification>`;
}

/** The pack as IDS XML text. */
export function classPack({ specifications, codeListLength, seed = 1 }: ClassPackOptions): string {
  if (!(specifications >= 1) || !(codeListLength >= 1))
    throw new Error('a pack needs specifications and code lists');
  // The drawing of the specifications does not depend on the lists' length: packs with short and
  // long lists hold the same specifications.
  const next = random(seed * 104_729);
  const lists = CLASSES.map((cls, c) => codeLists(cls, c, codeListLength, seed));
  const specs: string[] = [];
  for (let i = 0; i < specifications; i++) specs.push(specification(i, lists, next));
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <ids:info>
    <ids:title>Plumbline entity-class pack: ${specifications} specifications, code lists of ${codeListLength}</ids:title>
    <ids:version>1.0</ids:version>
    <ids:description>Seeded (seed ${seed}) pack of specifications per entity class drawing their requirements from a shared pool of facets, for the engine benchmark.</ids:description>
  </ids:info>
  <ids:specifications>
${specs.join('\n')}
  </ids:specifications>
</ids:ids>
`;
}
