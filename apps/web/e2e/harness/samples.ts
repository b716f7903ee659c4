import { existsSync } from 'node:fs';

/** The shared sample models and IDS files the e2e tests check (the repository's `shared/` folder). */
const SHARED = new URL('../../../../../shared/', import.meta.url).pathname;

export const SIMPLE_WALL_IFC = `${SHARED}ifc-samples/SimpleWall.ifc`;
export const FZK_HOUSE_IFC = `${SHARED}ifc-samples/AC20-FZK-Haus.ifc`;
export const WOODEN_WINDOWS_IFC = `${SHARED}ids-examples/IDS_wooden-windows_IFC.ifc`;
export const WOODEN_WINDOWS_IDS = `${SHARED}ids-examples/IDS_wooden-windows.ids`;

/** True when every named sample is on disk; otherwise warns that `what` is skipped and why. */
export function haveSamples(what: string, ...paths: string[]): boolean {
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) console.warn(`${what} e2e skipped: ${missing.join(', ')} missing`);
  return missing.length === 0;
}

/** An IDS 1.0 document holding these specifications (each from `specification` below). */
export function idsDocument(title: string, ...specifications: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <ids:info><ids:title>${title}</ids:title></ids:info>
  <ids:specifications>
${specifications.join('\n')}
  </ids:specifications>
</ids:ids>`;
}

/** A specification: elements of `entity` must have the attribute `attribute` (with `value`, if given). */
export function specification(name: string, entity: string, attribute: string, value?: string): string {
  const requiredValue =
    value === undefined ? '' : `<ids:value><ids:simpleValue>${value}</ids:simpleValue></ids:value>`;
  return `    <ids:specification ifcVersion="IFC4" name="${name}">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>${entity}</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:attribute><ids:name><ids:simpleValue>${attribute}</ids:simpleValue></ids:name>${requiredValue}</ids:attribute>
      </ids:requirements>
    </ids:specification>`;
}

/** Walls of `entity` must have a name: SimpleWall's wall passes. */
export const wallsNamedIds = (entity = 'IFCWALLSTANDARDCASE') =>
  idsDocument('Walls named', specification('Walls have a name', entity, 'Name'));

/** Every standard-case wall fails: no wall has this name. */
export const WALLS_FAIL = specification(
  'Walls carry the reference name',
  'IFCWALLSTANDARDCASE',
  'Name',
  'No wall has this name',
);

/** Every slab passes: slabs have names. */
export const SLABS_PASS = specification('Slabs have a name', 'IFCSLAB', 'Name');

/** On the FZK house, every wall fails and every slab passes: red and green in the viewer. */
export const VIEWER_COLOURS_IDS = idsDocument('Viewer colours', WALLS_FAIL, SLABS_PASS);
