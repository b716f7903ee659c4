/**
 * What the oracle generator puts in a model, as plain facts: each element's class, attributes,
 * predefined type, type object, property sets, classification references, materials and the
 * containers it is part of. The IFC writer renders these facts; the expectation evaluator reads
 * them. Neither goes through an IFC reader, so the engine is checked against an independent path.
 */
import { createRandom, GlobalIdFactory } from '../generator/random';

export type OracleSchema = 'IFC2X3' | 'IFC4' | 'IFC4X3_ADD2';

export type OracleValueType =
  | 'IFCLABEL'
  | 'IFCIDENTIFIER'
  | 'IFCTEXT'
  | 'IFCBOOLEAN'
  | 'IFCINTEGER'
  | 'IFCREAL'
  | 'IFCLENGTHMEASURE';

/** A single property value; `value` null writes `$` (a property without a value). */
export interface OracleValue {
  readonly type: OracleValueType;
  readonly value: string | number | boolean | null;
}

/** Property set name → property name → value. */
export type OraclePsets = ReadonlyMap<string, ReadonlyMap<string, OracleValue>>;

export interface OracleClassificationRef {
  /** IfcClassification.Name of the referenced source. */
  readonly system: string;
  /** Identification (IFC4+) or ItemReference (IFC2X3). */
  readonly code: string;
}

export interface OracleMaterialPart {
  readonly name: string;
  /** IfcMaterial.Category (IFC4 and later; always null for IFC2X3). */
  readonly category: string | null;
}

/** A single material, or a layer set of materials (LayerSetName and layer names left unset). */
export interface OracleMaterial {
  readonly kind: 'single' | 'layers';
  readonly parts: readonly OracleMaterialPart[];
}

export interface OracleType {
  readonly index: number;
  readonly globalId: string;
  /** IFCWALLTYPE, IFCDOORSTYLE (IFC2X3), IFCDOORTYPE … */
  readonly className: string;
  readonly name: string;
  /** PredefinedType; null for a class without one (IFC2X3 IfcDoorStyle) or left unset. */
  readonly predefinedType: string | null;
  /** ElementType (the user-defined type name); null when unset or the class has none. */
  readonly elementType: string | null;
  readonly psets: OraclePsets;
  readonly classifications: readonly OracleClassificationRef[];
  readonly material: OracleMaterial | null;
}

export interface OracleElement {
  readonly index: number;
  readonly globalId: string;
  /** Upper case class, e.g. IFCWALLSTANDARDCASE. */
  readonly className: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly objectType: string | null;
  readonly tag: string | null;
  /** PredefinedType of the occurrence; null when unset or the class has none in this schema. */
  readonly predefinedType: string | null;
  readonly type: OracleType | null;
  readonly psets: OraclePsets;
  readonly classifications: readonly OracleClassificationRef[];
  readonly material: OracleMaterial | null;
  /** Index of the storey that contains it directly, or null. */
  readonly storey: number | null;
  /** Index of the element assembly it is aggregated into, or null (never with a storey). */
  readonly assembly: number | null;
  /** Index of the system it is assigned to, or null. */
  readonly system: number | null;
  /**
   * Qto_…BaseQuantities.Length in millimetres (the project's length unit), or null. IDS compares
   * quantities in SI units, so a correct engine sees metres.
   */
  readonly lengthMm: number | null;
}

export interface OracleModelFacts {
  readonly schema: OracleSchema;
  readonly seed: number;
  readonly elements: readonly OracleElement[];
  readonly types: readonly OracleType[];
  readonly storeys: number;
  readonly assemblies: number;
  readonly systems: number;
}

/** A generated class and what it has in each schema. */
export interface OracleClass {
  readonly className: string;
  /** Common property set name (Pset_WallCommon …). */
  readonly commonPset: string;
  readonly typeClass: (schema: OracleSchema) => string;
  /** False when the occurrence has no PredefinedType attribute in the schema (IFC2X3 walls, columns, beams, doors). */
  readonly occurrenceHasPredefined: (schema: OracleSchema) => boolean;
  /** False when the type class has no PredefinedType/ElementType (IFC2X3 IfcDoorStyle). */
  readonly typeHasPredefined: (schema: OracleSchema) => boolean;
  /** Enumeration values used (all valid in every schema), besides USERDEFINED and NOTDEFINED. */
  readonly predefined: readonly string[];
  readonly schemas: readonly OracleSchema[];
  /** Type classes taken in turn, each with its own predefined values (IFC2X3 flow terminals). */
  readonly typeClasses?: readonly { readonly className: string; readonly predefined: readonly string[] }[];
}

const ALL: readonly OracleSchema[] = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];
const not2x3 = (schema: OracleSchema) => schema !== 'IFC2X3';
const always = () => true;

export const ORACLE_CLASSES: readonly OracleClass[] = [
  {
    className: 'IFCWALL',
    commonPset: 'Pset_WallCommon',
    typeClass: () => 'IFCWALLTYPE',
    occurrenceHasPredefined: not2x3,
    typeHasPredefined: always,
    predefined: ['STANDARD', 'SHEAR'],
    schemas: ALL,
  },
  {
    // Only written for IFC2X3, where the standard case is how most walls were exported.
    className: 'IFCWALLSTANDARDCASE',
    commonPset: 'Pset_WallCommon',
    typeClass: () => 'IFCWALLTYPE',
    occurrenceHasPredefined: not2x3,
    typeHasPredefined: always,
    predefined: ['STANDARD', 'SHEAR'],
    schemas: ['IFC2X3'],
  },
  {
    className: 'IFCSLAB',
    commonPset: 'Pset_SlabCommon',
    typeClass: () => 'IFCSLABTYPE',
    occurrenceHasPredefined: always,
    typeHasPredefined: always,
    predefined: ['FLOOR', 'ROOF'],
    schemas: ALL,
  },
  {
    className: 'IFCCOLUMN',
    commonPset: 'Pset_ColumnCommon',
    typeClass: () => 'IFCCOLUMNTYPE',
    occurrenceHasPredefined: not2x3,
    typeHasPredefined: always,
    predefined: ['COLUMN'],
    schemas: ALL,
  },
  {
    className: 'IFCBEAM',
    commonPset: 'Pset_BeamCommon',
    typeClass: () => 'IFCBEAMTYPE',
    occurrenceHasPredefined: not2x3,
    typeHasPredefined: always,
    predefined: ['BEAM'],
    schemas: ALL,
  },
  {
    className: 'IFCDOOR',
    commonPset: 'Pset_DoorCommon',
    typeClass: (schema) => (schema === 'IFC2X3' ? 'IFCDOORSTYLE' : 'IFCDOORTYPE'),
    occurrenceHasPredefined: not2x3,
    typeHasPredefined: not2x3,
    predefined: ['DOOR', 'GATE'],
    schemas: ALL,
  },
  {
    // IFC2X3 occurrence/type special case: an air terminal is an IfcFlowTerminal typed by an
    // IfcAirTerminalType (other flow terminals by other types, e.g. sanitary terminals).
    className: 'IFCFLOWTERMINAL',
    commonPset: 'Pset_AirTerminalTypeCommon',
    typeClass: () => 'IFCAIRTERMINALTYPE',
    occurrenceHasPredefined: () => false,
    typeHasPredefined: always,
    predefined: ['DIFFUSER', 'GRILLE'],
    schemas: ['IFC2X3'],
    typeClasses: [
      { className: 'IFCAIRTERMINALTYPE', predefined: ['DIFFUSER', 'GRILLE'] },
      { className: 'IFCSANITARYTERMINALTYPE', predefined: ['WASHHANDBASIN', 'SINK'] },
    ],
  },
];

export function oracleClass(className: string): OracleClass {
  const found = ORACLE_CLASSES.find((c) => c.className === className);
  if (!found) throw new Error(`not an oracle class: ${className}`);
  return found;
}

export const SYSTEMS = { uniclass: 'Uniclass 2015', omniclass: 'OmniClass' } as const;
export const UNICLASS_CODES = ['EF_25_10', 'EF_25_30', 'EF_30_20', 'Ss_25_10_30'] as const;
export const OMNICLASS_CODES = ['21-02 10 10', '21-02 20 10', '23-13 35 11'] as const;
export const USER_DEFINED_NAMES = ['Acoustic', 'Retaining', 'Fire escape'] as const;
export const MATERIALS: readonly OracleMaterialPart[] = [
  { name: 'Concrete C30/37', category: 'concrete' },
  { name: 'Brick', category: 'masonry' },
  { name: 'Gypsum board', category: 'gypsum' },
  { name: 'Steel S355', category: 'steel' },
  { name: 'Oak', category: 'wood' },
];
export const FIRE_RATINGS = ['EI30', 'EI60', 'EI120', 'REI90', 'F30', 'EI1'] as const;
export const REFERENCES = ['A-01', 'B-220', 'C-3', 'door-7'] as const;
export const NOTES = ['Checked', 'See drawing 12', 'Tbc'] as const;
export const RATIOS = [0.1, 0.2, 0.25, 0.5, 0.75, 0.9] as const;
export const DESCRIPTIONS = ['Load bearing', 'Partition', 'Cladding'] as const;
export const ORACLE_PSET = 'PB_Oracle';
export const LENGTHS_MM = [2000, 2400, 3000, 3500, 4100, 4500] as const;

/** The base quantity set of a class, e.g. Qto_WallBaseQuantities. */
export function quantitySetName(cls: OracleClass): string {
  return `Qto_${cls.commonPset.slice(5, -6)}BaseQuantities`;
}

export interface PlanOracleOptions {
  readonly schema: OracleSchema;
  readonly seed: number;
  /** Number of element occurrences. */
  readonly elements: number;
}

/** Draws the facts of a model: every choice from the seeded PRNG, so a seed gives the same model. */
export function planOracleModel(options: PlanOracleOptions): OracleModelFacts {
  const { schema, seed } = options;
  const random = createRandom(seed * 7919 + schema.length);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const elementIds = new GlobalIdFactory(seed, 101);
  const typeIds = new GlobalIdFactory(seed, 102);
  const classes = ORACLE_CLASSES.filter((c) => c.schemas.includes(schema));
  const hasCategory = schema !== 'IFC2X3';

  const material = (): OracleMaterial | null => {
    if (chance(0.3)) return null;
    const part = () => {
      const m = pick(MATERIALS);
      return { name: m.name, category: hasCategory ? m.category : null };
    };
    if (chance(0.5)) return { kind: 'single', parts: [part()] };
    return { kind: 'layers', parts: [part(), part()] };
  };
  const classification = (systemShare: number): OracleClassificationRef[] => {
    const refs: OracleClassificationRef[] = [];
    if (chance(systemShare)) refs.push({ system: SYSTEMS.uniclass, code: pick(UNICLASS_CODES) });
    if (chance(systemShare / 2)) refs.push({ system: SYSTEMS.omniclass, code: pick(OMNICLASS_CODES) });
    return refs;
  };
  const commonPset = (cls: OracleClass, fromType: boolean): Map<string, Map<string, OracleValue>> => {
    const props = new Map<string, OracleValue>();
    if (chance(fromType ? 0.7 : 0.5))
      props.set('FireRating', { type: 'IFCLABEL', value: pick(FIRE_RATINGS) });
    if (chance(0.6)) props.set('IsExternal', { type: 'IFCBOOLEAN', value: chance(0.5) });
    if (chance(0.6)) props.set('LoadBearing', { type: 'IFCBOOLEAN', value: chance(0.5) });
    return props.size === 0 ? new Map() : new Map([[cls.commonPset, props]]);
  };

  const types: OracleType[] = [];
  const typesByClass = new Map<string, OracleType[]>();
  for (const cls of classes) {
    if (cls.className === 'IFCWALLSTANDARDCASE') continue; // shares the wall types
    const list: OracleType[] = [];
    for (let k = 0; k < 6; k++) {
      const index = types.length;
      let predefinedType: string | null = null;
      let elementType: string | null = null;
      const typeClass = cls.typeClasses?.[k % cls.typeClasses.length];
      if (cls.typeHasPredefined(schema)) {
        const roll = random();
        if (roll < 0.5) predefinedType = pick(typeClass?.predefined ?? cls.predefined);
        else if (roll < 0.7) predefinedType = 'NOTDEFINED';
        else if (roll < 0.9) {
          predefinedType = 'USERDEFINED';
          elementType = pick(USER_DEFINED_NAMES);
        } else predefinedType = 'USERDEFINED'; // without a name
      }
      const type: OracleType = {
        index,
        globalId: typeIds.id(index),
        className: typeClass?.className ?? cls.typeClass(schema),
        name: `${cls.commonPset.slice(5, -6)} type ${k + 1}`,
        predefinedType,
        elementType,
        psets: commonPset(cls, true),
        classifications: classification(0.4).slice(0, 1),
        material: material(),
      };
      types.push(type);
      list.push(type);
    }
    typesByClass.set(cls.className, list);
  }

  const storeys = 3;
  const assemblies = Math.max(2, Math.floor(options.elements / 40));
  const systems = 2;
  const elements: OracleElement[] = [];
  for (let index = 0; index < options.elements; index++) {
    const cls = classes[index % classes.length] as OracleClass;
    const typeList = typesByClass.get(cls.className === 'IFCWALLSTANDARDCASE' ? 'IFCWALL' : cls.className);
    const type = typeList && chance(0.75) ? pick(typeList) : null;
    let predefinedType: string | null = null;
    let objectType: string | null = null;
    if (cls.occurrenceHasPredefined(schema)) {
      const roll = random();
      if (roll < 0.4) predefinedType = pick(cls.predefined);
      else if (roll < 0.6) predefinedType = 'NOTDEFINED';
      else if (roll < 0.85) {
        predefinedType = 'USERDEFINED';
        if (chance(0.8)) objectType = pick(USER_DEFINED_NAMES);
      }
    } else if (chance(0.2)) {
      objectType = pick(USER_DEFINED_NAMES); // IFC2X3: the only way an occurrence names its kind
    }
    const prefix = cls.className.slice(3, 4);
    const nameRoll = random();
    const name =
      nameRoll < 0.08
        ? null
        : nameRoll < 0.14
          ? ''
          : nameRoll < 0.8
            ? `${prefix}-${index % 120}`
            : `${prefix}x${index}`;
    const description = chance(0.5) ? pick(DESCRIPTIONS) : null;
    // Tags of 1 to 6 characters, for the length restrictions.
    const tag = chance(0.2) ? null : String(100_000 + index * 37).slice(0, 1 + Math.floor(random() * 6));

    const psets = commonPset(cls, false);
    const oracle = new Map<string, OracleValue>();
    if (chance(0.8))
      oracle.set('Reference', { type: chance(0.8) ? 'IFCIDENTIFIER' : 'IFCLABEL', value: pick(REFERENCES) });
    if (chance(0.8)) oracle.set('Count', { type: 'IFCINTEGER', value: Math.floor(random() * 10) });
    if (chance(0.8)) oracle.set('Ratio', { type: 'IFCREAL', value: pick(RATIOS) });
    if (chance(0.8)) {
      const roll = random();
      oracle.set(
        'Note',
        roll < 0.15
          ? { type: 'IFCTEXT', value: null }
          : roll < 0.3
            ? { type: 'IFCLABEL', value: '' }
            : { type: chance(0.5) ? 'IFCTEXT' : 'IFCLABEL', value: pick(NOTES) },
      );
    }
    if (oracle.size > 0) psets.set(ORACLE_PSET, oracle);

    const inAssembly = cls.className === 'IFCBEAM' ? chance(0.7) : chance(0.1);
    const contained = !inAssembly && chance(0.85);
    elements.push({
      index,
      globalId: elementIds.id(index),
      className: cls.className,
      name,
      description,
      objectType,
      tag,
      predefinedType,
      type,
      psets,
      classifications: classification(0.55),
      material: material(),
      storey: contained ? Math.floor(random() * storeys) : null,
      assembly: inAssembly ? Math.floor(random() * assemblies) : null,
      system: chance(0.25) ? Math.floor(random() * systems) : null,
      lengthMm: chance(0.7) ? pick(LENGTHS_MM) : null,
    });
  }
  return { schema, seed, elements, types, storeys, assemblies, systems };
}
