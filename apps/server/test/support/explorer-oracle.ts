// The oracle of the explorer's store-equivalence matrix (explorer-store-matrix.ts): a version's rows as
// processing's extraction reads them from the model, in the stores' stable order, computed here
// without any store.

import { readIfc } from '@plumbline/ifc';
import type { ExplorerRow } from '../../src/modules/metadata/explorer-store';
import { extractModel } from '../../src/modules/processing/extract';

/** A version's rows and properties as the engine reads the model (processing's extraction, no store). */
export interface OracleVersion {
  rows: ExplorerRow[];
  dataTypes: Map<string, string | null>;
}

export function oracleOf(bytes: Uint8Array): OracleVersion {
  const model = readIfc(bytes);
  try {
    const { elements: e, properties: p } = extractModel(model);
    const at = new Map(e.stepId.map((id, i) => [id, i]));
    const dataTypes = new Map<string, string | null>();
    const rows: ExplorerRow[] = [];
    for (let i = 0; i < p.elementStepId.length; i++) {
      const stepId = p.elementStepId[i] as number;
      const k = at.get(stepId);
      if (k === undefined) continue;
      rows.push({
        stepId,
        globalId: e.globalId[k] ?? null,
        objectName: e.name[k] ?? null,
        ifcClass: e.ifcClass[k] as string,
        level: e.level[k] ?? null,
        propertySet: p.propertySet[i] as string,
        attribute: p.name[i] as string,
        value: p.value[i] ?? null,
      });
      dataTypes.set(`${stepId}|${p.propertySet[i]}|${p.name[i]}`, p.dataType[i] ?? null);
    }
    return { rows: rows.sort(stableOrder), dataTypes };
  } finally {
    model.dispose();
  }
}

// Both stores order strings by code point (PostgreSQL's C.UTF-8, Parquet's bytes): JavaScript's <
// orders UTF-16 units, the same for text without characters beyond the basic plane.
export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export function stableOrder(a: ExplorerRow, b: ExplorerRow): number {
  return (
    a.stepId - b.stepId || compareText(a.propertySet, b.propertySet) || compareText(a.attribute, b.attribute)
  );
}
