/**
 * `npm run conformance`: every buildingSMART IDS 1.0 conformance case through checkFiles.
 * Prints one row per facet folder, the failures, then "N passed, M failed"; exits 1 on any failure.
 */
import {
  formatSummary,
  loadManifest,
  runManifest,
  testcasesDirectory,
} from '../src/conformance/manifest-runner';

const dir = testcasesDirectory();
const cases = loadManifest(dir);
if (!cases) {
  console.error(`No manifest.json in ${dir} (set PLUMBLINE_IDS_TESTCASES to the ids-testcases folder).`);
  process.exit(2);
}
const started = performance.now();
const outcomes = await runManifest(cases, dir);
console.log(formatSummary(outcomes, (performance.now() - started) / 1000));
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
