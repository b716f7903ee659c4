import { schemaTables } from '@plumbline/ifc';

const cache = new Map<string, string>();

/**
 * The class in the schema's spelling (IFCWALLSTANDARDCASE → IfcWallStandardCase), looked up in the
 * IFC4X3, IFC4 and IFC2X3 tables; the stored spelling when no table knows it.
 */
export function entityName(ifcClass: string): string {
  const known = cache.get(ifcClass);
  if (known) return known;
  let name = ifcClass;
  for (const schema of ['IFC4X3_ADD2', 'IFC4', 'IFC2X3'] as const) {
    const def = schemaTables(schema).entity(ifcClass);
    if (def) {
      name = def.name;
      break;
    }
  }
  cache.set(ifcClass, name);
  return name;
}
