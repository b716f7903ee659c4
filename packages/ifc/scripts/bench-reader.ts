/**
 * Times @plumbline/ifc on one file: read + index, then the work an IDS check of walls, doors and
 * windows does (class lookup, predefined type, property sets with type inheritance, materials,
 * classifications, containment), and peak RSS.
 *
 *   node --expose-gc --import tsx packages/ifc/scripts/bench-reader.ts <file.ifc>
 */
import { readFile } from 'node:fs/promises';
import { readIfc } from '../src/index';

const path = process.argv[2];
if (!path) throw new Error('usage: bench-reader.ts <file.ifc>');
let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 20);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const bytes = new Uint8Array(await readFile(path));
const t1 = performance.now();
const model = readIfc(bytes);
const t2 = performance.now();
let elements = 0;
let properties = 0;
for (const cls of ['IFCWALL', 'IFCDOOR', 'IFCWINDOW']) {
  for (const id of model.idsOfClassOrSubtypes(cls)) {
    elements++;
    model.predefinedType(id);
    model.attribute(id, 'Name');
    for (const set of model.propertySets(id)) properties += set.properties.length;
    model.materials(id);
    model.classifications(id);
    model.parents(id);
  }
}
const t3 = performance.now();
sample();
clearInterval(timer);
const cpu = process.cpuUsage(cpu0);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  JSON.stringify({
    file: path,
    megabytes: +(bytes.length / 1048576).toFixed(1),
    instances: model.instanceCount,
    elements,
    properties,
    readFile: s(t1 - t0),
    index: s(t2 - t1),
    extract: s(t3 - t2),
    total: s(t3 - t0),
    cpu: s((cpu.user + cpu.system) / 1000),
    peakRssMB: Math.round(peak / 1048576),
  }),
);
