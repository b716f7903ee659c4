/**
 * Compares readers on one file: the task of ../shared/NOTES.md, "extract all property sets (and
 * quantity sets) of walls, doors and windows", each engine in its own process so peak memory is
 * its own. Engines: plumbline (this package), web-ifc 0.0.78, @ifc-lite/parser 3.15.
 *
 *   node --import tsx packages/ifc/scripts/bench-compare.ts <file.ifc> [engine]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [path, engine] = process.argv.slice(2);
if (!path) throw new Error('usage: bench-compare.ts <file.ifc> [plumbline|web-ifc|ifc-lite]');
const CLASSES = ['IFCWALL', 'IFCWALLSTANDARDCASE', 'IFCDOOR', 'IFCWINDOW'];

async function plumbline(): Promise<number> {
  const { readIfcFile } = await import('../src/index');
  const model = await readIfcFile(path!);
  let values = 0;
  for (const cls of CLASSES) {
    for (const id of model.idsOfClass(cls)) {
      for (const set of model.propertySets(id)) for (const p of set.properties) values += p.values.length;
    }
  }
  return values;
}

async function webIfc(): Promise<number> {
  const WebIFC = await import('web-ifc');
  const api = new WebIFC.IfcAPI();
  await api.Init();
  const modelID = api.OpenModel(new Uint8Array(readFileSync(path!)));
  const codes = WebIFC as unknown as Record<string, number>;
  const wanted = new Set<number>();
  for (const cls of CLASSES) {
    const ids = api.GetLineIDsWithType(modelID, codes[cls]!);
    for (let i = 0; i < ids.size(); i++) wanted.add(ids.get(i));
  }
  const setsOf = new Map<number, number[]>();
  const rels = api.GetLineIDsWithType(modelID, WebIFC.IFCRELDEFINESBYPROPERTIES);
  for (let i = 0; i < rels.size(); i++) {
    const rel = api.GetLine(modelID, rels.get(i));
    for (const o of rel.RelatedObjects) {
      if (!wanted.has(o.value)) continue;
      const list = setsOf.get(o.value) ?? [];
      list.push(rel.RelatingPropertyDefinition.value);
      setsOf.set(o.value, list);
    }
  }
  let values = 0;
  for (const id of wanted) {
    for (const setId of setsOf.get(id) ?? []) {
      const set = api.GetLine(modelID, setId);
      for (const ref of set.HasProperties ?? set.Quantities ?? []) {
        const p = api.GetLine(modelID, ref.value);
        if (p.NominalValue || p.LengthValue || p.AreaValue || p.VolumeValue || p.CountValue || p.WeightValue)
          values++;
      }
    }
  }
  api.CloseModel(modelID);
  return values;
}

async function ifcLite(): Promise<number> {
  const { IfcParser, extractPropertiesOnDemand, extractQuantitiesOnDemand } = await import(
    '@ifc-lite/parser'
  );
  const file = readFileSync(path!);
  const log = console.log;
  console.log = () => {}; // ifc-lite logs its phase timings unconditionally
  try {
    const store = await new IfcParser().parseColumnar(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength),
    );
    let values = 0;
    for (const cls of CLASSES) {
      for (const id of store.entityIndex.byType.get(cls) ?? []) {
        for (const set of extractPropertiesOnDemand(store, id)) values += set.properties.length;
        for (const set of extractQuantitiesOnDemand(store, id)) values += set.quantities.length;
      }
    }
    return values;
  } finally {
    console.log = log;
  }
}

if (engine) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const run = { plumbline, 'web-ifc': webIfc, 'ifc-lite': ifcLite }[engine];
  if (!run) throw new Error(`unknown engine ${engine}`);
  const values = await run();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    JSON.stringify({
      engine,
      values,
      seconds: +(ms / 1000).toFixed(2),
      cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      peakRssMB: Math.round(peak / 1048576),
    }),
  );
  process.exit(0);
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of ['plumbline', 'web-ifc', 'ifc-lite']) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, path, name], { encoding: 'utf8' });
    process.stdout.write(`${path}\t${out.trim().split('\n').pop()}\n`);
  }
}
