/**
 * Writes the type objects of the catalogue with their property sets, representation maps,
 * materials (IfcRelAssociatesMaterial on the type) and Uniclass Products references, and collects
 * their occurrences so one IfcRelDefinesByType per type can be written at the end.
 */

import type { TypeSpec } from './catalogue';
import {
  AIR_TERMINAL_TYPE,
  BEAM_TYPES,
  COLUMN_TYPES,
  DOOR_TYPES,
  DUCT_TYPE,
  LIGHT_TYPE,
  PIPE_TYPE,
  SANITARY_TYPE,
  SLAB_TYPE,
  WALL_TYPES,
  WINDOW_TYPES,
} from './catalogue-products';
import type { GenContext } from './context';
import { writeFlatReference } from './project';
import { optStr, refs, str } from './step-writer';

export interface TypeRecord {
  readonly spec: TypeSpec;
  readonly id: number;
  /** Material usage (layer/profile set usage) each occurrence is associated with, if any. */
  readonly occurrenceMaterial: number | null;
  readonly occurrences: number[];
  /** Key of the occurrence count in the generator's stats ('type:wall-ext'). */
  readonly statsKey: string;
}

export const ALL_TYPES: readonly TypeSpec[] = [
  ...WALL_TYPES,
  ...DOOR_TYPES,
  ...WINDOW_TYPES,
  SLAB_TYPE,
  ...COLUMN_TYPES,
  ...BEAM_TYPES,
  AIR_TERMINAL_TYPE,
  DUCT_TYPE,
  PIPE_TYPE,
  LIGHT_TYPE,
  SANITARY_TYPE,
];

const PRODUCT_TITLES: Readonly<Record<string, string>> = {
  Pr_20_93_52: 'Masonry wall systems',
  Pr_25_71_63: 'Partition systems',
  Pr_20_31_16: 'Concrete',
  Pr_30_59_24: 'Doorsets',
  Pr_30_59_98: 'Windows',
  Pr_20_85_08: 'Steel structural members',
  Pr_20_85_16: 'Concrete structural members',
  Pr_70_65_03: 'Air terminals',
  Pr_65_65_23: 'Ducts',
  Pr_65_52_63: 'Pipes',
  Pr_70_70_48: 'Luminaires',
  Pr_40_20_96: 'WC pans',
};

export function writeTypes(ctx: GenContext, uniclass: number): Map<string, TypeRecord> {
  const records = new Map<string, TypeRecord>();
  const productRefs = new Map<string, number>();
  const byProductCode = new Map<string, number[]>();
  for (const spec of ALL_TYPES) {
    const psets = spec.psets.map((p) => ctx.propertySet(p.name, p.props));
    const [x, y, z] = spec.box;
    const along =
      spec.occurrence === 'IFCBEAM' ||
      spec.occurrence === 'IFCDUCTSEGMENT' ||
      spec.occurrence === 'IFCPIPESEGMENT'
        ? 'x'
        : 'z';
    const map = ctx.shapeMap(`type:${spec.key}`, x, y, true, along === 'z' ? z : x, along);
    const tail = spec.tail ? `,${spec.tail}` : '';
    const id = ctx.object(
      spec.entity,
      `${str(spec.name)},$,$,${refs(psets)},(#${map}),${str(spec.tag)},${optStr(spec.elementType)},.${spec.predefinedType}.${tail}`,
    );
    let occurrenceMaterial: number | null = null;
    if (spec.material) {
      const { definition, usage } = ctx.materialDefinition(spec.material);
      ctx.relate('IFCRELASSOCIATESMATERIAL', definition, [id], false);
      occurrenceMaterial = usage;
    }
    if (spec.productCode) {
      const list = byProductCode.get(spec.productCode) ?? [];
      list.push(id);
      byProductCode.set(spec.productCode, list);
    }
    records.set(spec.key, { spec, id, occurrenceMaterial, occurrences: [], statsKey: `type:${spec.key}` });
  }
  for (const [code, typeIds] of byProductCode) {
    let refId = productRefs.get(code);
    if (refId === undefined) {
      refId = writeFlatReference(ctx, uniclass, code, PRODUCT_TITLES[code] ?? code);
      productRefs.set(code, refId);
    }
    ctx.relate('IFCRELASSOCIATESCLASSIFICATION', refId, typeIds, false);
  }
  return records;
}

/** Remembers an occurrence of a type; its reference is written in the type relation at the end. */
export function addOccurrence(ctx: GenContext, type: TypeRecord, occurrence: number): void {
  type.occurrences.push(occurrence);
  ctx.deferredChars += String(occurrence).length + 2;
}

/** One IfcRelDefinesByType per type that has occurrences (IfcTypeObject.Types is SET [0:1]). */
export function writeTypeRelations(ctx: GenContext, types: Map<string, TypeRecord>): void {
  for (const type of types.values()) {
    if (type.occurrences.length > 0) ctx.relate('IFCRELDEFINESBYTYPE', type.id, type.occurrences, false);
  }
}
