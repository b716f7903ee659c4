/**
 * The shapes of the catalogue (type, property, material specs) and the shared reference data:
 * material categories, room uses and the Uniclass 2015 tables. The type objects themselves are in
 * catalogue-products.ts. Values follow IFC4 and UK practice (Uniclass 2015, EN 13501).
 */

/** A property value as it will be written: IFC defined type plus value. */
export type PropValue =
  | { readonly type: 'IFCLABEL' | 'IFCIDENTIFIER' | 'IFCTEXT'; readonly value: string }
  | { readonly type: 'IFCBOOLEAN' | 'IFCLOGICAL'; readonly value: boolean }
  | { readonly type: 'IFCINTEGER' | 'IFCCOUNTMEASURE'; readonly value: number }
  | { readonly type: string; readonly value: number }; // measures: IFCTHERMALTRANSMITTANCEMEASURE, …

export type PropSpec =
  | { readonly kind: 'single'; readonly name: string; readonly value: PropValue }
  | { readonly kind: 'enum'; readonly name: string; readonly value: string; readonly enumeration: string }
  | {
      readonly kind: 'bounded';
      readonly name: string;
      readonly type: string;
      readonly lower: number;
      readonly upper: number;
    };

export interface PsetSpec {
  readonly name: string;
  readonly props: readonly PropSpec[];
}

export type MaterialSpec =
  | { readonly kind: 'layers'; readonly name: string; readonly layers: readonly [string, number][] }
  | {
      readonly kind: 'profile';
      readonly name: string;
      readonly material: string;
      readonly profile: ProfileSpec;
    }
  | { readonly kind: 'constituents'; readonly name: string; readonly parts: readonly [string, string][] }
  | { readonly kind: 'single'; readonly material: string };

export type ProfileSpec =
  | { readonly kind: 'rect'; readonly name: string; readonly x: number; readonly y: number }
  | { readonly kind: 'i'; readonly name: string; readonly width: number; readonly depth: number }
  | { readonly kind: 'circle'; readonly name: string; readonly radius: number };

export interface TypeSpec {
  readonly key: string;
  readonly entity: string; // e.g. IFCWALLTYPE
  readonly occurrence: string; // e.g. IFCWALL
  readonly name: string;
  readonly tag: string;
  readonly predefinedType: string;
  readonly elementType?: string;
  /** Entity-specific attributes after PredefinedType, already STEP-encoded (doors, windows). */
  readonly tail?: string;
  readonly psets: readonly PsetSpec[];
  readonly material?: MaterialSpec;
  /** Uniclass 2015 Products code carried by the type. */
  readonly productCode?: string;
  /** Size of the type's representation map box (x, y, z) in metres. */
  readonly box: readonly [number, number, number];
}

/** Material names with their IFC4 category. */
export const MATERIAL_CATEGORIES: Readonly<Record<string, string>> = {
  'Brick - Common': 'Masonry',
  'Air cavity': 'Gas',
  'Mineral wool insulation': 'Insulation',
  'Concrete block - Dense': 'Masonry',
  'Plasterboard 12.5mm': 'Gypsum',
  'Steel stud C-section': 'Steel',
  'Concrete C32/40': 'Concrete',
  'Sand-cement screed': 'Concrete',
  'Steel S355': 'Steel',
  'Timber - Oak': 'Wood',
  'Timber - Softwood': 'Wood',
  'Aluminium - Anodised': 'Aluminium',
  'Glass - Float': 'Glass',
  'Steel - Galvanised': 'Steel',
  Copper: 'Copper',
  'Polycarbonate - Opal': 'Plastic',
  'Vitreous china': 'Ceramic',
};

/** Room uses, cycled over the bays; the second name is written with a non-ASCII character on purpose. */
export const ROOM_USES: readonly {
  readonly longName: string;
  readonly code: string;
  readonly reference: string;
}[] = [
  { longName: 'Open plan office', code: 'SL_20_15_59', reference: 'OFF' },
  { longName: 'Meeting room', code: 'SL_20_15_50', reference: 'MTG' },
  { longName: 'Open plan office', code: 'SL_20_15_59', reference: 'OFF' },
  { longName: 'Tea point / Küche', code: 'SL_45_10_48', reference: 'KIT' },
  { longName: 'WC', code: 'SL_35_80_95', reference: 'WC' },
  { longName: 'Store', code: 'SL_90_50_82', reference: 'STO' },
  { longName: 'Open plan office', code: 'SL_20_15_59', reference: 'OFF' },
  { longName: 'Circulation', code: 'SL_90_10_15', reference: 'CIR' },
];

/**
 * Uniclass 2015 Elements/functions codes for occurrences: code → [title, parent code]. The chain
 * ends at a table root ('EF'), whose parent is the classification system itself.
 */
export const UNICLASS_EF: Readonly<Record<string, readonly [string, string | null]>> = {
  EF: ['Elements/functions', null],
  EF_20: ['Structural elements', 'EF'],
  EF_20_05: ['Frames', 'EF_20'],
  EF_25: ['Wall and barrier elements', 'EF'],
  EF_25_10: ['Walls', 'EF_25'],
  EF_25_30: ['Doors and windows', 'EF_25'],
  EF_30: ['Roof, floor and paving elements', 'EF'],
  EF_30_20: ['Floors', 'EF_30'],
  EF_60: ['Heating, cooling and refrigeration', 'EF'],
  EF_60_40: ['Heating', 'EF_60'],
  EF_65: ['Ventilation and air conditioning', 'EF'],
  EF_65_40: ['Ventilation', 'EF_65'],
  EF_70: ['Electrical power and lighting', 'EF'],
  EF_70_80: ['Lighting', 'EF_70'],
  EF_50: ['Waste disposal', 'EF'],
  EF_50_30: ['Drainage', 'EF_50'],
};

/** Which EF code each occurrence class gets. */
export const EF_CODE_BY_CLASS: Readonly<Record<string, string>> = {
  IFCWALL: 'EF_25_10',
  IFCDOOR: 'EF_25_30',
  IFCWINDOW: 'EF_25_30',
  IFCSLAB: 'EF_30_20',
  IFCCOLUMN: 'EF_20_05',
  IFCBEAM: 'EF_20_05',
  IFCAIRTERMINAL: 'EF_65_40',
  IFCDUCTSEGMENT: 'EF_65_40',
  IFCPIPESEGMENT: 'EF_60_40',
  IFCLIGHTFIXTURE: 'EF_70_80',
  IFCSANITARYTERMINAL: 'EF_50_30',
};
