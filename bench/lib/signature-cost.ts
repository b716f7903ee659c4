/**
 * What the elements' identity signatures add to processing's extraction (issue 30): the extraction's
 * walk as it was before them (names, type, storey, predefined type, every property) against
 * `describeElements` carrying the same property walk (what processing/extract.ts does now), on one
 * model, best of two runs each. Run as a child: `tsx bench/lib/signature-cost.ts model.ifc`; prints
 * JSON.
 */
import { describeElements } from '@plumbline/ids';
import { type IfcModel, type PropertyView, readIfcFile } from '@plumbline/ifc';

function addProperties(into: string[], property: PropertyView, prefix: string): void {
  if (property.kind === 'complex' && property.properties) {
    for (const nested of property.properties) addProperties(into, nested, `${prefix}${property.name}.`);
    return;
  }
  into.push(prefix + property.name, property.values.map((v) => String(v.value)).join('; '));
}

/** The walk of extract.ts before the signatures. */
function plainWalk(model: IfcModel): number {
  const out: string[] = [];
  const storeys = new Map<number, string | null>();
  let n = 0;
  for (const id of model.products()) {
    const typeId = model.typeOf(id);
    const storey = model.storeyOf(id);
    if (storey !== null && !storeys.has(storey)) storeys.set(storey, model.name(storey));
    out.push(
      model.globalId(id) ?? '',
      model.name(id) ?? '',
      typeId === null ? '' : (model.name(typeId) ?? ''),
    );
    model.predefinedTypeView(id);
    for (const set of model.propertySets(id)) for (const p of set.properties) addProperties(out, p, '');
    n++;
    if (out.length > 1_000_000) out.length = 0;
  }
  return n;
}

function withSignatures(model: IfcModel): number {
  const out: string[] = [];
  const s = describeElements(model, {
    onPropertySet: (_, set) => {
      for (const p of set.properties) addProperties(out, p, '');
      if (out.length > 1_000_000) out.length = 0;
    },
  });
  return s.stepId.length;
}

function best(run: () => number): number {
  let ms = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    run();
    ms = Math.min(ms, performance.now() - started);
  }
  return Math.round(ms);
}

const path = process.argv[2];
if (!path) throw new Error('usage: signature-cost.ts model.ifc');
const model = await readIfcFile(path);
const plainMs = best(() => plainWalk(model));
const signedMs = best(() => withSignatures(model));
model.dispose();
process.stdout.write(`${JSON.stringify({ plainMs, signedMs })}\n`);
