/**
 * The comparison baseline: @ifc-lite/parser 3.15 reading a file and extracting the property sets
 * of every wall, door and window (`parseColumnar` then `extractPropertiesOnDemand`), as in NOTES.md.
 * The parser logs phase timings to the console unconditionally; they are silenced here.
 */
import { readFile } from 'node:fs/promises';

export interface ExtractResult {
  readonly elements: number;
  readonly propertySets: number;
  readonly properties: number;
}

const CLASSES = ['IFCWALL', 'IFCDOOR', 'IFCWINDOW'];

/** Runs `fn` with console.log/info/debug/warn/time* silenced. */
export async function silently<T>(fn: () => Promise<T>): Promise<T> {
  const names = ['log', 'info', 'debug', 'warn', 'time', 'timeEnd', 'timeLog'] as const;
  const saved = names.map((name) => console[name]);
  for (const name of names) console[name] = () => undefined;
  try {
    return await fn();
  } finally {
    names.forEach((name, i) => {
      console[name] = saved[i] as never;
    });
  }
}

export async function extractWithIfcLite(path: string): Promise<ExtractResult> {
  const { IfcParser, extractPropertiesOnDemand } = await import('@ifc-lite/parser');
  const bytes = await readFile(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return silently(async () => {
    const store = await new IfcParser().parseColumnar(buffer, { disableWorkerScan: true });
    let elements = 0;
    let propertySets = 0;
    let properties = 0;
    for (const [type, ids] of store.entityIndex.byType) {
      if (!CLASSES.includes(type.toUpperCase())) continue;
      for (const id of ids) {
        elements++;
        for (const set of extractPropertiesOnDemand(store, id)) {
          propertySets++;
          properties += set.properties.length;
        }
      }
    }
    return { elements, propertySets, properties };
  });
}
