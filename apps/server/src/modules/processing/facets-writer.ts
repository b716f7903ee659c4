import type { Database } from '../../platform/db';
import { metadataFacets } from '../../schema';
import { primaryBimCategory } from '../metadata';
import type { ExtractedModel } from './extract';
import { type OutputHooks, replaceVersionRows, timed } from './output-writer';

export type FacetName = 'category' | 'ifc_class' | 'level' | 'property_set' | 'attribute';

/** Row counts per facet option: how many explorer rows (element × set × property) each option has. */
export function countFacets(model: ExtractedModel): Map<FacetName, Map<string, number>> {
  const e = model.elements;
  const p = model.properties;
  const indexOf = new Map<number, number>();
  for (let i = 0; i < e.stepId.length; i++) indexOf.set(e.stepId[i] as number, i);
  const rowsPerElement = new Uint32Array(e.stepId.length);
  const sets = new Map<string, number>();
  const attributes = new Map<string, number>();
  for (let i = 0; i < p.elementStepId.length; i++) {
    const at = indexOf.get(p.elementStepId[i] as number);
    if (at !== undefined) rowsPerElement[at] = (rowsPerElement[at] as number) + 1;
    bump(sets, p.propertySet[i] as string, 1);
    bump(attributes, p.name[i] as string, 1);
  }
  const categories = new Map<string, number>();
  const classes = new Map<string, number>();
  const levels = new Map<string, number>();
  for (let i = 0; i < e.stepId.length; i++) {
    const rows = rowsPerElement[i] as number;
    if (rows === 0) continue;
    const ifcClass = e.ifcClass[i] as string;
    bump(classes, ifcClass, rows);
    bump(categories, primaryBimCategory(ifcClass), rows);
    bump(levels, e.level[i] ?? '', rows);
  }
  return new Map<FacetName, Map<string, number>>([
    ['category', categories],
    ['ifc_class', classes],
    ['level', levels],
    ['property_set', sets],
    ['attribute', attributes],
  ]);
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Replaces a version's facet counts; called inside processing's write transaction
 * (repo.writeProcessedVersion), so the counts and the rows they count commit together.
 */
export async function writeMetadataFacets(
  tx: Database,
  versionId: string,
  model: ExtractedModel,
  hooks: OutputHooks = {},
): Promise<void> {
  const facet: string[] = [];
  const key: string[] = [];
  const count: number[] = [];
  await timed(hooks, 'count facets', async () => {
    for (const [name, options] of countFacets(model)) {
      for (const [option, rows] of options) {
        facet.push(name);
        key.push(option);
        count.push(rows);
      }
    }
  });
  await replaceVersionRows(tx, metadataFacets, versionId, { facet, key, count }, hooks);
}
