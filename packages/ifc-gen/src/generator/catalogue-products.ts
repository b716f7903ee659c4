/**
 * The type objects of the synthetic building: walls, doors, windows, slab, columns, beams and
 * services, with the property sets they carry (IFC4 Pset_*Common definitions), their materials and
 * Uniclass 2015 Products codes.
 */
import type { ProfileSpec, PropSpec, PropValue, PsetSpec, TypeSpec } from './catalogue';

const label = (value: string): PropValue => ({ type: 'IFCLABEL', value });
const ident = (value: string): PropValue => ({ type: 'IFCIDENTIFIER', value });
const boolean = (value: boolean): PropValue => ({ type: 'IFCBOOLEAN', value });
const measure = (type: string, value: number): PropValue => ({ type, value });
const single = (name: string, value: PropValue): PropSpec => ({ kind: 'single', name, value });

const wallCommon = (external: boolean, loadBearing: boolean, acoustic: string, u?: number): PsetSpec => ({
  name: 'Pset_WallCommon',
  props: [
    single('IsExternal', boolean(external)),
    single('LoadBearing', boolean(loadBearing)),
    single('AcousticRating', label(acoustic)),
    ...(u === undefined
      ? []
      : [single('ThermalTransmittance', measure('IFCTHERMALTRANSMITTANCEMEASURE', u))]),
  ],
});

export const WALL_TYPES: readonly TypeSpec[] = [
  {
    key: 'wall-ext',
    entity: 'IFCWALLTYPE',
    occurrence: 'IFCWALL',
    name: 'Basic Wall:EW-350 Brick cavity insulated',
    tag: 'EW-350',
    predefinedType: 'STANDARD',
    psets: [wallCommon(true, true, 'Rw 52 dB', 0.28)],
    material: {
      kind: 'layers',
      name: 'EW-350 Brick cavity insulated',
      layers: [
        ['Brick - Common', 0.1025],
        ['Air cavity', 0.05],
        ['Mineral wool insulation', 0.085],
        ['Concrete block - Dense', 0.1],
        ['Plasterboard 12.5mm', 0.0125],
      ],
    },
    productCode: 'Pr_20_93_52',
    box: [1, 0.35, 1],
  },
  {
    key: 'wall-partition',
    entity: 'IFCWALLTYPE',
    occurrence: 'IFCWALL',
    name: 'Basic Wall:IW-100 Stud partition',
    tag: 'IW-100',
    predefinedType: 'PARTITIONING',
    psets: [wallCommon(false, false, 'Rw 45 dB')],
    material: {
      kind: 'layers',
      name: 'IW-100 Stud partition',
      layers: [
        ['Plasterboard 12.5mm', 0.0125],
        ['Steel stud C-section', 0.075],
        ['Plasterboard 12.5mm', 0.0125],
      ],
    },
    productCode: 'Pr_25_71_63',
    box: [1, 0.1, 1],
  },
  {
    key: 'wall-core',
    entity: 'IFCWALLTYPE',
    occurrence: 'IFCWALL',
    name: 'Basic Wall:IW-200 Concrete core',
    tag: 'IW-200',
    predefinedType: 'SHEAR',
    psets: [wallCommon(false, true, 'Rw 58 dB')],
    material: { kind: 'layers', name: 'IW-200 Concrete core', layers: [['Concrete C32/40', 0.2]] },
    productCode: 'Pr_20_31_16',
    box: [1, 0.2, 1],
  },
  {
    key: 'wall-lining',
    entity: 'IFCWALLTYPE',
    occurrence: 'IFCWALL',
    name: 'Basic Wall:IL-060 Acoustic lining',
    tag: 'IL-060',
    predefinedType: 'USERDEFINED',
    elementType: 'ACOUSTICLINING',
    psets: [wallCommon(false, false, 'Rw 50 dB')],
    material: {
      kind: 'layers',
      name: 'IL-060 Acoustic lining',
      layers: [
        ['Mineral wool insulation', 0.0475],
        ['Plasterboard 12.5mm', 0.0125],
      ],
    },
    productCode: 'Pr_25_71_63',
    box: [1, 0.06, 1],
  },
];

const doorType = (
  key: string,
  name: string,
  tag: string,
  operation: string,
  width: number,
  external: boolean,
  fireRating: string | null,
  leaf: string,
): TypeSpec => ({
  key,
  entity: 'IFCDOORTYPE',
  occurrence: 'IFCDOOR',
  name,
  tag,
  predefinedType: 'DOOR',
  tail: `.${operation}.,.F.,$`,
  psets: [
    {
      name: 'Pset_DoorCommon',
      props: [
        single('Reference', ident(tag)),
        single('IsExternal', boolean(external)),
        single('HandicapAccessible', boolean(width >= 0.9)),
        ...(fireRating
          ? [single('FireRating', label(fireRating)), single('SelfClosing', boolean(true))]
          : []),
      ],
    },
    {
      name: 'Pset_ManufacturerTypeInformation',
      props: [single('Manufacturer', label('Leaderflush Shapland')), single('ModelLabel', label(tag))],
    },
  ],
  material: {
    kind: 'constituents',
    name: `${tag} door`,
    parts: [
      ['Frame', 'Timber - Oak'],
      ['Leaf', leaf],
    ],
  },
  productCode: 'Pr_30_59_24',
  box: [width, 0.06, 2.1],
});

export const DOOR_TYPES: readonly TypeSpec[] = [
  doorType(
    'door-single',
    'Door:D01 Single flush 926x2040',
    'D01',
    'SINGLE_SWING_LEFT',
    0.926,
    false,
    null,
    'Timber - Softwood',
  ),
  doorType(
    'door-fire',
    'Door:D02 Fire door FD30 926x2040',
    'D02',
    'SINGLE_SWING_RIGHT',
    0.926,
    false,
    'EI30',
    'Timber - Oak',
  ),
  doorType(
    'door-double',
    'Door:D03 Double entrance 1800x2400',
    'D03',
    'DOUBLE_DOOR_SINGLE_SWING',
    1.8,
    true,
    'E30',
    'Aluminium - Anodised',
  ),
  doorType(
    'door-store',
    'Door:D04 Store cupboard 700x2040',
    'D04',
    'SINGLE_SWING_LEFT',
    0.7,
    false,
    null,
    'Timber - Softwood',
  ),
];

const windowType = (
  key: string,
  name: string,
  tag: string,
  width: number,
  u: number,
  glazing: string,
): TypeSpec => ({
  key,
  entity: 'IFCWINDOWTYPE',
  occurrence: 'IFCWINDOW',
  name,
  tag,
  predefinedType: 'WINDOW',
  tail: `.${width > 1.5 ? 'DOUBLE_PANEL_VERTICAL' : 'SINGLE_PANEL'}.,.F.,$`,
  psets: [
    {
      name: 'Pset_WindowCommon',
      props: [
        single('Reference', ident(tag)),
        single('IsExternal', boolean(true)),
        single('ThermalTransmittance', measure('IFCTHERMALTRANSMITTANCEMEASURE', u)),
        single('GlazingAreaFraction', measure('IFCPOSITIVERATIOMEASURE', 0.78)),
        single('AcousticRating', label(glazing)),
      ],
    },
  ],
  material: {
    kind: 'constituents',
    name: `${tag} window`,
    parts: [
      ['Frame', 'Aluminium - Anodised'],
      ['Glazing', 'Glass - Float'],
    ],
  },
  productCode: 'Pr_30_59_98',
  box: [width, 0.1, 1.5],
});

export const WINDOW_TYPES: readonly TypeSpec[] = [
  windowType('window-std', 'Window:W01 Double glazed 1200x1500', 'W01', 1.2, 1.3, 'Rw 32 dB'),
  windowType('window-wide', 'Window:W02 Triple glazed 2400x1500', 'W02', 2.4, 0.9, 'Rw 36 dB'),
  windowType('window-legacy', 'Window:W09 Existing single glazed 1200x1500', 'W09', 1.2, 2.8, 'Rw 25 dB'),
];

export const SLAB_TYPE: TypeSpec = {
  key: 'slab-floor',
  entity: 'IFCSLABTYPE',
  occurrence: 'IFCSLAB',
  name: 'Floor:FL-250 CIP concrete with screed',
  tag: 'FL-250',
  predefinedType: 'FLOOR',
  psets: [
    {
      name: 'Pset_SlabCommon',
      props: [
        single('IsExternal', boolean(false)),
        single('LoadBearing', boolean(true)),
        single('FireRating', label('REI90')),
        single('AcousticRating', label("Rw 55 dB, L'nT,w 58 dB")),
      ],
    },
  ],
  material: {
    kind: 'layers',
    name: 'FL-250 CIP concrete with screed',
    layers: [
      ['Sand-cement screed', 0.05],
      ['Concrete C32/40', 0.2],
    ],
  },
  productCode: 'Pr_20_31_16',
  box: [1, 1, 0.25],
};

const structuralType = (
  entity: 'IFCCOLUMNTYPE' | 'IFCBEAMTYPE',
  key: string,
  name: string,
  tag: string,
  profile: ProfileSpec | null,
  material: string | null,
): TypeSpec => ({
  key,
  entity,
  occurrence: entity === 'IFCCOLUMNTYPE' ? 'IFCCOLUMN' : 'IFCBEAM',
  name,
  tag,
  predefinedType: entity === 'IFCCOLUMNTYPE' ? 'COLUMN' : 'BEAM',
  psets: [
    {
      name: entity === 'IFCCOLUMNTYPE' ? 'Pset_ColumnCommon' : 'Pset_BeamCommon',
      props: [
        single('Reference', ident(tag)),
        single('LoadBearing', boolean(true)),
        single('IsExternal', boolean(false)),
      ],
    },
  ],
  ...(profile && material
    ? { material: { kind: 'profile', name: `${tag} ${material}`, material, profile } }
    : {}),
  productCode: material?.startsWith('Steel') ? 'Pr_20_85_08' : 'Pr_20_85_16',
  box: profile?.kind === 'rect' ? [profile.x, profile.y, 1] : [0.26, 0.26, 1],
});

export const COLUMN_TYPES: readonly TypeSpec[] = [
  structuralType(
    'IFCCOLUMNTYPE',
    'column-concrete',
    'Concrete Column:C400x400',
    'C400',
    { kind: 'rect', name: '400x400', x: 0.4, y: 0.4 },
    'Concrete C32/40',
  ),
  structuralType(
    'IFCCOLUMNTYPE',
    'column-steel',
    'Universal Column:UC254x254x73',
    'UC254',
    { kind: 'i', name: 'UC254x254x73', width: 0.254, depth: 0.254 },
    'Steel S355',
  ),
  structuralType(
    'IFCCOLUMNTYPE',
    'column-generic',
    'Generic Column:Placeholder 300x300',
    'GEN300',
    null,
    null,
  ),
];

export const BEAM_TYPES: readonly TypeSpec[] = [
  structuralType(
    'IFCBEAMTYPE',
    'beam-steel',
    'Universal Beam:UB406x178x60',
    'UB406',
    { kind: 'i', name: 'UB406x178x60', width: 0.178, depth: 0.406 },
    'Steel S355',
  ),
  structuralType(
    'IFCBEAMTYPE',
    'beam-concrete',
    'Concrete Beam:B300x600',
    'B300',
    { kind: 'rect', name: '300x600', x: 0.3, y: 0.6 },
    'Concrete C32/40',
  ),
];

const manufacturer = (maker: string, model: string): PsetSpec => ({
  name: 'Pset_ManufacturerTypeInformation',
  props: [single('Manufacturer', label(maker)), single('ModelLabel', label(model))],
});

export const AIR_TERMINAL_TYPE: TypeSpec = {
  key: 'air-terminal',
  entity: 'IFCAIRTERMINALTYPE',
  occurrence: 'IFCAIRTERMINAL',
  name: 'Supply Diffuser:Square ceiling 600x600',
  tag: 'SD-600',
  predefinedType: 'DIFFUSER',
  psets: [
    {
      name: 'Pset_AirTerminalTypeCommon',
      props: [
        single('Reference', ident('SD-600')),
        {
          kind: 'bounded',
          name: 'AirFlowrateRange',
          type: 'IFCVOLUMETRICFLOWRATEMEASURE',
          lower: 0.03,
          upper: 0.12,
        },
        { kind: 'enum', name: 'Shape', value: 'SQUARE', enumeration: 'PEnum_AirTerminalShape' },
      ],
    },
    manufacturer('Trox', 'ADLQ-600'),
  ],
  material: { kind: 'single', material: 'Steel - Galvanised' },
  productCode: 'Pr_70_65_03',
  box: [0.6, 0.6, 0.05],
};

export const DUCT_TYPE: TypeSpec = {
  key: 'duct',
  entity: 'IFCDUCTSEGMENTTYPE',
  occurrence: 'IFCDUCTSEGMENT',
  name: 'Rectangular Duct:400x250',
  tag: 'RD-400x250',
  predefinedType: 'RIGIDSEGMENT',
  psets: [
    {
      name: 'Pset_DuctSegmentTypeCommon',
      props: [
        single('Reference', ident('RD-400x250')),
        { kind: 'enum', name: 'Shape', value: 'RECTANGULAR', enumeration: 'PEnum_DuctSegmentShape' },
      ],
    },
  ],
  material: { kind: 'single', material: 'Steel - Galvanised' },
  productCode: 'Pr_65_65_23',
  box: [1, 0.4, 0.25],
};

export const PIPE_TYPE: TypeSpec = {
  key: 'pipe',
  entity: 'IFCPIPESEGMENTTYPE',
  occurrence: 'IFCPIPESEGMENT',
  name: 'Pipe:Copper 22mm',
  tag: 'CU-22',
  predefinedType: 'RIGIDSEGMENT',
  psets: [
    {
      name: 'Pset_PipeSegmentTypeCommon',
      props: [
        single('Reference', ident('CU-22')),
        single('NominalDiameter', measure('IFCPOSITIVELENGTHMEASURE', 0.022)),
        single('WorkingPressure', measure('IFCPRESSUREMEASURE', 600000)),
      ],
    },
  ],
  material: { kind: 'single', material: 'Copper' },
  productCode: 'Pr_65_52_63',
  box: [1, 0.022, 0.022],
};

export const LIGHT_TYPE: TypeSpec = {
  key: 'light',
  entity: 'IFCLIGHTFIXTURETYPE',
  occurrence: 'IFCLIGHTFIXTURE',
  name: 'Light Fixture:LED panel 600x600 36W',
  tag: 'LP-36',
  predefinedType: 'POINTSOURCE',
  psets: [
    {
      name: 'Pset_LightFixtureTypeCommon',
      props: [
        single('Reference', ident('LP-36')),
        single('NumberOfSources', { type: 'IFCINTEGER', value: 1 }),
        single('TotalWattage', measure('IFCPOWERMEASURE', 36)),
      ],
    },
    manufacturer('Thorn', 'Omega Pro 2'),
  ],
  material: { kind: 'single', material: 'Polycarbonate - Opal' },
  productCode: 'Pr_70_70_48',
  box: [0.6, 0.6, 0.04],
};

export const SANITARY_TYPE: TypeSpec = {
  key: 'wc',
  entity: 'IFCSANITARYTERMINALTYPE',
  occurrence: 'IFCSANITARYTERMINAL',
  name: 'WC Pan:Wall hung',
  tag: 'WC-01',
  predefinedType: 'TOILETPAN',
  psets: [manufacturer('Armitage Shanks', 'Contour 21')],
  material: { kind: 'single', material: 'Vitreous china' },
  productCode: 'Pr_40_20_96',
  box: [0.36, 0.54, 0.4],
};
