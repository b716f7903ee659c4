/**
 * Fuzz target for the STEP reader: seeded mutations of sample models (truncation, byte flips, huge
 * tokens, deep nesting, odd encodings …) must each end in a model whose every product can be read
 * or in an IfcReadError, never another exception or a hang. Bounded in time (FUZZ_SECONDS, default
 * 20); the cases are deterministic, so a failure names its seed and case to replay. Every crash
 * found is kept in fuzz-regressions/ and replayed by the last test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IfcReadError, readIfc } from '../src/index';
import { mutate, STEP_FORMAT } from '../src/testing/fuzz-mutations';
import { sharedDir, stepBytes } from '../src/testing/step-fixture';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const MAX_CASES = 20_000;
const regressions = join(import.meta.dirname, 'fuzz-regressions');

const inline = stepBytes(
  'IFC4',
  `#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'P',$,$,$,$,$,$);
#2=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W\\X2\\00E9\\X0\\',$,$,$,$,'T',.SHEAR.);
#3=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$);
#4=IFCPROPERTYSET('2YvctVUKr0kugbFTf53O9L',$,'Pset_WallCommon',$,(#3));
#5=IFCRELDEFINESBYPROPERTIES('3YvctVUKr0kugbFTf53O9L',$,$,$,(#2),#4);
#6=IFCMATERIAL('Brick',$,'masonry');
#7=IFCRELASSOCIATESMATERIAL('0ZvctVUKr0kugbFTf53O9L',$,$,$,(#2),#6);`,
);

function seeds(): { name: string; bytes: Uint8Array }[] {
  const out = [{ name: 'inline', bytes: inline }];
  const shared = sharedDir();
  for (const file of ['SimpleWall.ifc', 'Alignment-12d-1.ifc']) {
    if (!shared) break;
    try {
      out.push({ name: file, bytes: readFileSync(join(shared, 'ifc-samples', file)) });
    } catch {
      // a missing sample only narrows the corpus
    }
  }
  return out;
}

/** Reads the bytes and every product's data; returns 'model' or 'read-error', throws anything else. */
function verdict(bytes: Uint8Array): 'model' | 'read-error' {
  try {
    const model = readIfc(bytes);
    try {
      model.units();
      model.classifiedResources();
      let n = 0;
      for (const id of model.products()) {
        if (n++ > 2_000) break;
        model.globalId(id);
        model.name(id);
        model.attributes(id);
        model.predefinedTypeView(id);
        model.typeOf(id);
        model.propertySets(id);
        model.classifications(id);
        model.materials(id);
        model.parents(id);
        model.storeyOf(id);
      }
    } finally {
      model.dispose();
    }
    return 'model';
  } catch (error) {
    if (error instanceof IfcReadError && error.message.length > 0) return 'read-error';
    throw error;
  }
}

describe('STEP reader fuzzing', () => {
  it(`ends every mutated input in a model or a read error (seed ${SEED}, ${SECONDS} s)`, {
    timeout: (SECONDS + 60) * 1000,
  }, () => {
    const corpus = seeds();
    const started = performance.now();
    const crashes: string[] = [];
    const seen = { model: 0, 'read-error': 0 };
    let n = 0;
    for (; n < MAX_CASES && performance.now() - started < SECONDS * 1000; n++) {
      const source = corpus[n % corpus.length] as (typeof corpus)[number];
      const mutation = mutate(source.bytes, STEP_FORMAT, SEED, n);
      try {
        seen[verdict(mutation.bytes)]++;
      } catch (error) {
        crashes.push(`case ${n} (${source.name}, ${mutation.kind}): ${String(error).slice(0, 200)}`);
      }
    }
    console.info(`STEP fuzz: ${n} cases, ${seen.model} models, ${seen['read-error']} read errors`);
    expect(crashes.slice(0, 10)).toEqual([]);
    expect(seen.model).toBeGreaterThan(0);
    expect(seen['read-error']).toBeGreaterThan(0);
  });

  const files = readdirSync(regressions).filter((f) => f.endsWith('.ifc'));
  it.each(files)('regression %s ends in a model or a read error', (file) => {
    expect(['model', 'read-error']).toContain(verdict(readFileSync(join(regressions, file))));
  });
});
