/**
 * Fuzz target for the IDS reader and linter: seeded mutations of sample IDS files (truncation, byte flips,
 * huge tokens, deep nesting, UTF-16, BOMs, invalid UTF-8 …) must each end in a document (whose
 * check of a small model gives a verdict) or a typed parse error, never another exception or a
 * hang. A share of the cases also goes through the CLI, which must exit 0–3 with a message for
 * 2 and 3, never 4. Bounded in time (FUZZ_SECONDS, default 20); deterministic per seed and case.
 * Every crash found is kept in fuzz-regressions/ and replayed by the last tests.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readIfc } from '@plumbline/ifc';
import { mutate, XML_FORMAT } from '@plumbline/ifc/testing/fuzz-mutations';
import { stepBytes } from '@plumbline/ifc/testing/step-fixture';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModel } from '../src/check/check-model';
import { runCli } from '../src/cli';
import { lintIds } from '../src/lint/lint';
import { IdsParseError, parseIds } from '../src/parse-ids';
import { xmlText } from '../src/xml/xml-tree';
import { captureIo } from './cli-io';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const MAX_CASES = 20_000;
/** Every n-th case also runs through the CLI (XSD validation included), which is slower. */
const CLI_EVERY = 40;
const regressions = join(import.meta.dirname, 'fuzz-regressions');
const stepRegressions = join(import.meta.dirname, '../../ifc/test/fuzz-regressions');
const examples = join(import.meta.dirname, '../../../../shared/ids-examples');

const MODEL = `#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'P',$,$,$,$,$,$);
#2=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,'T',.SHEAR.);
#3=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$);
#4=IFCPROPERTYSET('2YvctVUKr0kugbFTf53O9L',$,'Pset_WallCommon',$,(#3));
#5=IFCRELDEFINESBYPROPERTIES('3YvctVUKr0kugbFTf53O9L',$,$,$,(#2),#4);`;

const inlineIds = `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <ids:info><ids:title>Walls</ids:title></ids:info>
  <ids:specifications>
    <ids:specification name="Walls are rated" ifcVersion="IFC4">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCWALL</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:property dataType="IFCLABEL"><ids:propertySet><ids:simpleValue>Pset_WallCommon</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>FireRating</ids:simpleValue></ids:baseName>
          <ids:value><xs:restriction base="xs:string"><xs:pattern value="EI[0-9]+"/></xs:restriction></ids:value></ids:property>
        <ids:attribute cardinality="optional"><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>
      </ids:requirements>
    </ids:specification>
  </ids:specifications>
</ids:ids>
`;

function corpus(): { name: string; bytes: Uint8Array }[] {
  const out = [{ name: 'inline', bytes: new TextEncoder().encode(inlineIds) }];
  for (const file of ['IDS_SimpleBIM_examples.ids', 'IDS_ArcDox.ids', 'IDS_random_example.ids']) {
    try {
      out.push({ name: file, bytes: readFileSync(join(examples, file)) });
    } catch {
      // a missing example only narrows the corpus
    }
  }
  return out;
}

/**
 * Lints, parses and checks; returns the verdict, or 'parse-error' for a typed error; throws anything
 * else. The linter reads the same bytes as text and must answer with diagnostics, never throw.
 */
function verdict(bytes: Uint8Array): 'pass' | 'fail' | 'invalid' | 'parse-error' {
  lintIds(xmlText(bytes));
  let ids: ReturnType<typeof parseIds>;
  try {
    ids = parseIds(bytes);
  } catch (error) {
    if (error instanceof IdsParseError && error.message.length > 0) return 'parse-error';
    throw error;
  }
  const model = readIfc(stepBytes('IFC4', MODEL));
  try {
    return checkModel(model, ids).status;
  } finally {
    model.dispose();
  }
}

let dir: string | null = null;
const workDir = () => {
  dir ??= mkdtempSync(join(tmpdir(), 'plumbline-fuzz-ids-'));
  return dir;
};
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `plumbline check` on the bytes as an IDS file; returns the exit code and stderr. */
async function cliOn(bytes: Uint8Array): Promise<{ code: number; err: string }> {
  const cwd = workDir();
  writeFileSync(join(cwd, 'model.ifc'), stepBytes('IFC4', MODEL));
  writeFileSync(join(cwd, 'fuzz.ids'), bytes);
  const io = captureIo({ cwd });
  const code = await runCli(['check', 'model.ifc', 'fuzz.ids'], io);
  return { code, err: io.err() };
}

const cliProblem = (r: { code: number; err: string }) =>
  r.code === 4 || r.code < 0 || r.code > 3 || (r.code >= 2 && !r.err.includes('plumbline:'));

describe('IDS reader fuzzing', () => {
  it(`ends every mutated IDS in a verdict or a parse error (seed ${SEED}, ${SECONDS} s)`, {
    timeout: (SECONDS + 90) * 1000,
  }, async () => {
    const sources = corpus();
    const started = performance.now();
    const crashes: string[] = [];
    const seen: Record<string, number> = {};
    let cliRuns = 0;
    let n = 0;
    for (; n < MAX_CASES && performance.now() - started < SECONDS * 1000; n++) {
      const source = sources[n % sources.length] as (typeof sources)[number];
      const mutation = mutate(source.bytes, XML_FORMAT, SEED, n);
      const label = `case ${n} (${source.name}, ${mutation.kind})`;
      try {
        const v = verdict(mutation.bytes);
        seen[v] = (seen[v] ?? 0) + 1;
      } catch (error) {
        crashes.push(`${label}: ${String(error).slice(0, 200)}`);
      }
      if (n % CLI_EVERY === 0) {
        cliRuns++;
        const result = await cliOn(mutation.bytes);
        if (cliProblem(result))
          crashes.push(`${label}: CLI exit ${result.code}: ${result.err.slice(0, 200)}`);
      }
    }
    console.info(`IDS fuzz: ${n} cases (${cliRuns} through the CLI), verdicts ${JSON.stringify(seen)}`);
    expect(crashes.slice(0, 10)).toEqual([]);
    expect(seen['parse-error']).toBeGreaterThan(0);
    expect((seen.pass ?? 0) + (seen.fail ?? 0)).toBeGreaterThan(0);
  });

  const files = readdirSync(regressions).filter((f) => f.endsWith('.ids'));
  it.each(files)('regression %s ends in a verdict or a parse error, and the CLI exits 0–3', async (file) => {
    const bytes = readFileSync(join(regressions, file));
    expect(['pass', 'fail', 'invalid', 'parse-error']).toContain(verdict(bytes));
    const result = await cliOn(bytes);
    expect(cliProblem(result), result.err).toBe(false);
  });

  const models = readdirSync(stepRegressions).filter((f) => f.endsWith('.ifc'));
  it.each(models)('STEP regression %s: the CLI exits 0, 1 or 3 (with a message), never 4', async (file) => {
    const cwd = workDir();
    writeFileSync(join(cwd, 'inline.ids'), inlineIds);
    const io = captureIo({ cwd });
    const code = await runCli(['check', join(stepRegressions, file), 'inline.ids'], io);
    expect([0, 1, 3], io.err()).toContain(code);
    if (code === 3) expect(io.err()).toMatch(/^plumbline: cannot read the model/);
  });
});
