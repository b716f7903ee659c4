/**
 * Issue 38: where validity's time goes, rule by rule. Reads a model and checks it against bench.ids
 * as `plumbline check --validate` does (not timed: what the check builds, validity finds built), then runs each rule
 * alone on one shared view, in report order, and prints its CPU time (rules that build a shared index
 * first pay for it; the total is what `validateModel` costs).
 *
 *   npx tsx bench/validity-rules.ts model.ifc [--repeat]
 *
 * With --profile FILE, a CPU profile of the rules alone (not the read) is written to FILE
 * (.cpuprofile, for Chrome's DevTools or speedscope).
 */
import { writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { CheckThreads, checkModelInParallel, parseIds } from '@plumbline/ids';
import { readIfcFile } from '@plumbline/ifc';
import { Findings } from '@plumbline/validity/rule';
import { RULES } from '@plumbline/validity/rules/index';
import { View } from '@plumbline/validity/view';

const path = process.argv[2];
const profileAt = process.argv.indexOf('--profile');
const profilePath = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
if (!path) throw new Error('usage: tsx bench/validity-rules.ts model.ifc [--profile out.cpuprofile]');
const large = (await stat(path)).size >= 16 * 1024 * 1024;
const threads = large ? CheckThreads.start() : CheckThreads.none();
const idsPath = new URL('bench.ids', import.meta.url);
const ids = parseIds(new Uint8Array(await readFile(idsPath)), { fileName: 'bench.ids' });
const model = await readIfcFile(path, { forValidity: !process.argv.includes('--bytes') });
await checkModelInParallel(model, ids, { modelFileName: path }, { threads });
threads.close();
const session = profilePath ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const view = new View(model);
const rows: [string, number, string][] = [];
const started = process.cpuUsage();
const wallStarted = performance.now();
for (const rule of RULES) {
  const from = process.cpuUsage();
  const out = new Findings(view, rule.id, rule.severity, 10_000);
  rule.check(view, out);
  rows.push([rule.id, cpuMs(from), out.count > 0 ? `fail ${out.count}` : out.activated ? 'pass' : 'n/a']);
}
const total = cpuMs(started);
if (session && profilePath) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profilePath, JSON.stringify(profile));
  session.disconnect();
}
for (const [id, ms, outcome] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`${id.padEnd(7)} ${ms.toFixed(0).padStart(7)} ms  ${outcome}`);
}
console.log(
  `total   ${total.toFixed(0).padStart(7)} ms CPU, ${(performance.now() - wallStarted).toFixed(0)} ms wall; ${model.instanceCount.toLocaleString('en')} instances`,
);
model.dispose();
