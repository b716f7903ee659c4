/**
 * `npm run bcf:corpus`: every IFC + IDS pair at hand written as BCF 2.1 and 3.0, loaded by
 * @parametricos/bcf-js and That Open's BCFTopics, validated against the official XSDs, and checked
 * for GUID collisions across archives. `npm test` runs a subset (test/bcf-readers.test.ts).
 * Exits 1 on any finding, 2 when the shared corpus or the XSDs are missing.
 */

import { haveCorpus } from '../src/testing/bcf-corpus';
import { checkBcfCorpus } from '../src/testing/bcf-corpus-check';
import { BCF_XSD_DIR, haveBcfSchemas } from '../src/testing/bcf-xsd';

if (!haveCorpus() || !haveBcfSchemas()) {
  console.error(`The shared corpus (../shared) or the BCF XSDs (${BCF_XSD_DIR}) are missing.`);
  process.exit(2);
}
const started = performance.now();
const outcome = await checkBcfCorpus({}, (line) => console.log(line));
const problems = [...outcome.readerShortfalls, ...outcome.schemaErrors, ...outcome.guidCollisions];
for (const problem of problems) console.log(`  ${problem}`);
console.log(
  `${outcome.reports} reports with failures, ${outcome.archives} archives, ${outcome.topics} topics: ` +
    `${outcome.readerShortfalls.length} reader shortfalls, ${outcome.schemaErrors.length} schema errors, ` +
    `${outcome.guidCollisions.length} GUID collisions (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(problems.length === 0 ? 0 : 1);
