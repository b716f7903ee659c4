import { readIfc } from '@plumbline/ifc';
import { elementProperties, elements } from '../../schema';
import { primaryBimCategory } from '../metadata';
import type { StoredModel } from './analyse';
import { extractModel } from './extract';
import { storedElementKeys } from './history-step';
import { encodeVersionRows, transferablesOf } from './version-rows';

/** The rows an explorer file is made of, encoded for COPY as the analysis encodes them. */
export type ExplorerRows = Pick<StoredModel, 'elements' | 'properties'>;

/**
 * A version's explorer rows made again from its stored model (decision 0455: the follow-up job, when
 * the process that completed the version did not write its file). The same reader and extraction
 * as the analysis (`analyse.ts`), so the file has the same rows; only the columns the file reads
 * (`columnar/write.ts`) matter of the elements, the comparison's keys are left out. Pure: runs on a
 * worker thread (cpu-worker.ts `explorer-rows`).
 */
export function explorerRowsOf(input: {
  versionId: string;
  bytes: Uint8Array;
  fileName: string;
}): ExplorerRows {
  const model = readIfc(input.bytes, { fileName: input.fileName });
  try {
    const { elements: e, properties } = extractModel(model);
    return {
      elements: encodeVersionRows(elements, input.versionId, {
        stepId: e.stepId,
        globalId: e.globalId,
        ifcClass: e.ifcClass,
        name: e.name,
        typeName: e.typeName,
        predefinedType: e.predefinedType,
        predefinedTypeUserDefined: e.predefinedTypeUserDefined,
        level: e.level,
        category: e.ifcClass.map(primaryBimCategory),
        x: e.x,
        y: e.y,
        z: e.z,
        propertyHash: e.propertyHash.map((hash) => (hash === null ? null : `\\x${hash}`)),
        elementKey: storedElementKeys(undefined, e.globalId),
        matchKind: e.stepId.map(() => null),
        matchConfidence: e.stepId.map(() => null),
      }),
      properties: encodeVersionRows(elementProperties, input.versionId, properties),
    };
  } finally {
    model.dispose();
  }
}

/** The buffers of the rows, handed back from the thread without a copy. */
export function transfersOfRows(rows: ExplorerRows): ArrayBuffer[] {
  return transferablesOf(rows.elements, rows.properties);
}
