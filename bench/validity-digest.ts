/**
 * Issue 38: a digest of every validity finding, to show that a change to the rules' reading left
 * their answers alone. Per model, every rule's outcome, count and all findings (no limit), in
 * order, as JSON, hashed (SHA-256); models of 16 MB or more are checked against bench.ids first, as
 * `plumbline check --validate` does (the check builds the relation rows validity reads). With
 * --each, every rule also runs alone on a fresh view (as the conformance run does), and that report
 * must equal the one of all rules together.
 *
 *   npx tsx bench/validity-digest.ts [--each] [--out FILE] PATH…   (a PATH may be a directory: its .ifc files, recursively)
 *
 * Prints one line per model (digest, findings) and a digest over all of them; --out writes the
 * lines to FILE, to compare before and after with diff.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CheckThreads, checkModelInParallel, parseIds } from '@plumbline/ids';
import { IfcReadError, readIfcFile } from '@plumbline/ifc';
import { RULE_IDS, type ValidityReport, validateFile, validateModel } from '@plumbline/validity';

const { values, positionals } = parseArgs({
  options: { each: { type: 'boolean', default: false }, out: { type: 'string' } },
  allowPositionals: true,
});
if (positionals.length === 0)
  throw new Error('usage: tsx bench/validity-digest.ts [--each] [--out FILE] PATH…');

function ifcFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? ifcFiles(join(path, e.name)) : e.name.endsWith('.ifc') ? [join(path, e.name)] : [],
    );
}

const everything = { maxFindingsPerRule: Number.POSITIVE_INFINITY };
const ids = parseIds(new Uint8Array(await readFile(new URL('bench.ids', import.meta.url))), {
  fileName: 'bench.ids',
});

async function report(path: string): Promise<{ all: ValidityReport; alone: ValidityReport | null }> {
  if (statSync(path).size < 16 * 1024 * 1024) {
    const all = await validateFile(path, everything);
    if (!values.each) return { all, alone: null };
    const rules = [];
    for (const rule of RULE_IDS)
      rules.push(...(await validateFile(path, { ...everything, rules: [rule] })).rules);
    return { all, alone: { schema: all.schema, rules } };
  }
  const threads = CheckThreads.start();
  // Read for validity, as `plumbline check --validate` reads it (the scan keeps what the rules read).
  const model = await readIfcFile(path, { forValidity: true });
  try {
    await checkModelInParallel(model, ids, { modelFileName: path }, { threads });
    threads.close();
    const all = validateModel(model, everything);
    if (!values.each) return { all, alone: null };
    const rules = RULE_IDS.flatMap((rule) => validateModel(model, { ...everything, rules: [rule] }).rules);
    return { all, alone: { schema: all.schema, rules } };
  } finally {
    model.dispose();
  }
}

const lines: string[] = [];
const total = createHash('sha256');
let disagree = 0;
for (const path of positionals.flatMap(ifcFiles)) {
  let line: string;
  try {
    const { all, alone } = await report(path);
    const json = JSON.stringify(all);
    const digest = createHash('sha256').update(json).digest('hex').slice(0, 16);
    const findings = all.rules.reduce((n, r) => n + r.findingCount, 0);
    const failing = all.rules.filter((r) => r.outcome === 'fail').map((r) => `${r.rule}:${r.findingCount}`);
    let aloneNote = '';
    if (alone) {
      const same = JSON.stringify(alone) === json;
      if (!same) disagree++;
      aloneNote = same ? ' alone=same' : ' alone=DIFFERENT';
    }
    line = `${digest} ${String(findings).padStart(7)} ${path}${aloneNote} [${failing.join(' ')}]`;
  } catch (error) {
    line = `error ${path}: ${error instanceof IfcReadError ? error.code : (error as Error).message}`;
  }
  total.update(`${line}\n`);
  lines.push(line);
  console.log(line);
}
console.log(`all: ${total.digest('hex').slice(0, 16)} over ${lines.length} models`);
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
if (disagree > 0) {
  console.log(`${disagree} model(s) where a rule alone reports otherwise than all rules together`);
  process.exitCode = 1;
}
