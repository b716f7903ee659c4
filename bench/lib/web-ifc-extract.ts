/**
 * Optional comparison: web-ifc 0.0.78 opening a file and reading the property sets (the element's
 * own and its type's) of every wall, door and window. The relations are indexed once and each
 * line read with one GetLine call, the fastest use NOTES.md found; web-ifc's own
 * `properties.getPropertySets` rescans the relations per element and takes minutes at 50 MB.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ExtractResult } from './ifc-lite-extract';

interface Ref {
  readonly value: number;
}

export async function extractWithWebIfc(path: string): Promise<ExtractResult> {
  const WebIFC = await import('web-ifc');
  const api = new WebIFC.IfcAPI();
  api.SetWasmPath(`${dirname(createRequire(import.meta.url).resolve('web-ifc'))}/`, true);
  await api.Init();
  const modelID = api.OpenModel(new Uint8Array(await readFile(path)));
  const ids = (type: number): number[] => {
    const vector = api.GetLineIDsWithType(modelID, type);
    const out: number[] = [];
    for (let i = 0; i < vector.size(); i++) out.push(vector.get(i));
    return out;
  };

  const setsOf = new Map<number, number[]>();
  for (const relId of ids(WebIFC.IFCRELDEFINESBYPROPERTIES)) {
    const rel = api.GetLine(modelID, relId);
    for (const obj of rel.RelatedObjects as Ref[]) {
      const list = setsOf.get(obj.value) ?? [];
      list.push((rel.RelatingPropertyDefinition as Ref).value);
      setsOf.set(obj.value, list);
    }
  }
  const typeOf = new Map<number, number>();
  for (const relId of ids(WebIFC.IFCRELDEFINESBYTYPE)) {
    const rel = api.GetLine(modelID, relId);
    for (const obj of rel.RelatedObjects as Ref[]) typeOf.set(obj.value, (rel.RelatingType as Ref).value);
  }

  let elements = 0;
  let propertySets = 0;
  let properties = 0;
  const readSet = (setId: number) => {
    const set = api.GetLine(modelID, setId);
    const items = (set.HasProperties ?? set.Quantities ?? []) as Ref[];
    for (const item of items) api.GetLine(modelID, item.value);
    propertySets++;
    properties += items.length;
  };
  for (const type of [WebIFC.IFCWALL, WebIFC.IFCDOOR, WebIFC.IFCWINDOW]) {
    for (const id of ids(type)) {
      elements++;
      api.GetLine(modelID, id);
      for (const setId of setsOf.get(id) ?? []) readSet(setId);
      const typeId = typeOf.get(id);
      if (typeId !== undefined) {
        const typeLine = api.GetLine(modelID, typeId);
        for (const setRef of (typeLine.HasPropertySets ?? []) as Ref[]) readSet(setRef.value);
      }
    }
  }
  api.CloseModel(modelID);
  return { elements, propertySets, properties };
}
