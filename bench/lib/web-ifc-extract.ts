/**
 * Optional comparison: web-ifc 0.0.78 opening a file and reading the property sets (with those of
 * the type) of every wall, door and window, one line at a time as NOTES.md found fastest.
 */

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ExtractResult } from './ifc-lite-extract';
import { silently } from './ifc-lite-extract';

export async function extractWithWebIfc(path: string): Promise<ExtractResult> {
  const WebIFC = await import('web-ifc');
  const api = new WebIFC.IfcAPI();
  const wasmDir = `${dirname(createRequire(import.meta.url).resolve('web-ifc'))}/`;
  api.SetWasmPath(wasmDir, true);
  await api.Init();
  const modelID = api.OpenModel(new Uint8Array(await readFile(path)));
  let elements = 0;
  let propertySets = 0;
  let properties = 0;
  await silently(async () => {
    for (const type of [WebIFC.IFCWALL, WebIFC.IFCDOOR, WebIFC.IFCWINDOW]) {
      const ids = api.GetLineIDsWithType(modelID, type);
      for (let i = 0; i < ids.size(); i++) {
        elements++;
        const sets = await api.properties.getPropertySets(modelID, ids.get(i), true, true);
        for (const set of sets) {
          propertySets++;
          properties += (set.HasProperties ?? set.Quantities ?? []).length;
        }
      }
    }
  });
  api.CloseModel(modelID);
  return { elements, propertySets, properties };
}
