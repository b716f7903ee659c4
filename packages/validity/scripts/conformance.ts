/**
 * npm run conformance:validity [-- --rules PJS003,SPS001] [--verbose] [--fixtures DIR]
 *
 * Runs every fixture of buildingSMART's ifc-gherkin-rules for every implemented rule (read from
 * ../shared/ifc-validity/fixtures beside the repository; never copied into it). A fixture's name says
 * what its rule must give: pass-…, fail-… or na-… (does not apply). Prints agreement per rule and the
 * rules the corpus has that are not implemented; exits 1 unless every fixture agrees.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RULE_IDS, type RuleOutcome, validateFile } from '../src/index';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    rules: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    fixtures: { type: 'string' },
  },
});
const root = resolve(values.fixtures ?? join(here, '../../../../shared/ifc-validity'));
const fixturesDir = join(root, 'fixtures');

if (!existsSync(fixturesDir)) {
  console.log(
    `conformance:validity: skipped, no fixtures at ${fixturesDir} (the shared ifc-validity corpus is not beside the repository)`,
  );
  process.exit(0);
}

const EXPECTED: Record<string, RuleOutcome> = { pass: 'pass', fail: 'fail', na: 'n/a' };
const wanted = values.rules ? values.rules.split(',').map((r) => r.trim().toUpperCase()) : RULE_IDS;

/** Fixture files by rule id, from the file names (`fail-pjs003-…ifc`: rule PJS003, expected fail). */
function fixturesByRule(): Map<string, { path: string; expected: RuleOutcome }[]> {
  const out = new Map<string, { path: string; expected: RuleOutcome }[]>();
  for (const group of readdirSync(fixturesDir)) {
    for (const ruleDir of readdirSync(join(fixturesDir, group))) {
      for (const file of readdirSync(join(fixturesDir, group, ruleDir))) {
        if (!file.endsWith('.ifc')) continue;
        const [prefix = '', code = ''] = file.split('-');
        const expected = EXPECTED[prefix];
        if (!expected) continue;
        const rule = code.toUpperCase();
        const list = out.get(rule) ?? [];
        list.push({ path: join(fixturesDir, group, ruleDir, file), expected });
        out.set(rule, list);
      }
    }
  }
  return out;
}

const started = performance.now();
const fixtures = fixturesByRule();
let failures = 0;
const rows: string[] = [];
for (const rule of RULE_IDS.filter((r) => wanted.includes(r))) {
  const files = (fixtures.get(rule) ?? []).sort((a, b) => a.path.localeCompare(b.path));
  let agree = 0;
  for (const { path, expected } of files) {
    let outcome: RuleOutcome | string;
    let detail = '';
    try {
      const report = await validateFile(path, { rules: [rule] });
      const result = report.rules[0]!;
      outcome = result.outcome;
      detail = result.findings
        .slice(0, 5)
        .map(
          (f) =>
            `#${f.stepId ?? '-'} ${f.className ?? ''} ${f.message.id} ${JSON.stringify(f.message.values)}`,
        )
        .join('\n      ');
    } catch (error) {
      outcome = `error: ${(error as Error).message}`;
    }
    if (outcome === expected) agree++;
    else {
      failures++;
      console.log(`  ${rule} ${basename(path)}: expected ${expected}, got ${outcome}`);
      if (values.verbose && detail) console.log(`      ${detail}`);
    }
  }
  const share = files.length === 0 ? 'no fixtures' : `${((100 * agree) / files.length).toFixed(0)} %`;
  rows.push(`${rule.padEnd(7)} ${String(agree).padStart(3)}/${String(files.length).padEnd(3)} ${share}`);
}

console.log('\nrule    agree  share');
for (const row of rows) console.log(row);
const corpusRules = [...fixtures.keys()].filter((r) => !RULE_IDS.includes(r)).sort();
console.log(
  `\nrules in the corpus not implemented: ${corpusRules.length === 0 ? 'none' : corpusRules.join(', ')}` +
    ' (buildingSMART publishes 102 rules; the corpus here holds the 38 implemented ones)',
);
console.log(
  `${failures === 0 ? 'all fixtures agree' : `${failures} fixture(s) disagree`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures === 0 ? 0 : 1);
