/**
 * What the elements' identity signatures add to processing's extraction (issue 30): the extraction's
 * walk as it was before them (names, type, storey, predefined type, every property) against
 * `describeElements` carrying the same property walk (what processing/extract.ts does now), on one
 * model, best of three interleaved runs each. Run as a child: `tsx bench/lib/signature-cost.ts model.ifc`; prints
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

function timed(run: () => number): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const path = process.argv[2];
if (!path) throw new Error('usage: signature-cost.ts model.ifc');
const model = await readIfcFile(path);
// Interleaved, best of three each: a busy machine slows both alike.
let plainMs = Number.POSITIVE_INFINITY;
let signedMs = Number.POSITIVE_INFINITY;
for (let round = 0; round < 3; round++) {
  plainMs = Math.min(
    plainMs,
    timed(() => plainWalk(model)),
  );
  signedMs = Math.min(
    signedMs,
    timed(() => withSignatures(model)),
  );
}
plainMs = Math.round(plainMs);
signedMs = Math.round(signedMs);
model.dispose();
process.stdout.write(`${JSON.stringify({ plainMs, signedMs })}\n`);
