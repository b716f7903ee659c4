/**
 * IFC2X3 occurrence/type mapping (IDS Documentation, "Special cases in IFC2X3"): IDS names IFC4
 * occurrence classes such as IFCAIRTERMINAL, which IFC2X3 expresses as a generic occurrence
 * (IfcFlowTerminal) typed by a specific type object (IfcAirTerminalType). The mapping is derived
 * from the IFC2X3 schema tables: XTYPE exists, and its nearest supertype STYPE whose occurrence S
 * exists gives the occurrence class.
 */
import { tablesFor } from './schema-lookup';

export interface Ifc2x3Mapping {
  /** Upper-case generic occurrence class, e.g. 'IFCFLOWTERMINAL'. */
  readonly occurrence: string;
  /** Upper-case type class the occurrence must be typed by, e.g. 'IFCAIRTERMINALTYPE'. */
  readonly type: string;
}

const cache = new Map<string, Ifc2x3Mapping | null>();

/** The IFC2X3 occurrence and type for an IFC4 class name absent from IFC2X3, or null. */
export function ifc2x3Mapping(className: string): Ifc2x3Mapping | null {
  const name = className.toUpperCase();
  let hit = cache.get(name);
  if (hit !== undefined) return hit;
  hit = null;
  const tables = tablesFor('IFC2X3');
  const type = tables.entity(`${name}TYPE`);
  if (!tables.hasEntity(name) && type) {
    for (let s = type.supertype; s; s = s.supertype) {
      if (!s.upper.endsWith('TYPE')) continue;
      const occurrence = s.upper.slice(0, -'TYPE'.length);
      if (tables.hasEntity(occurrence)) {
        hit = { occurrence, type: type.upper };
        break;
      }
    }
  }
  cache.set(name, hit);
  return hit;
}
