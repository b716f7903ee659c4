import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkModel, type FacetFailure, parseIds } from '@plumbline/ids';
import { failureText, idsWords } from '@plumbline/ids/report/words';
import { readIfc } from '@plumbline/ifc';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { elementResults } from '../src/schema';
import { testBackends } from './support/backends';
import { sharedFile } from './support/samples';
import { type TestServer, testServerForBlock } from './support/server';

// Migration 0029 gives results stored before the engine wrote failure outcomes theirs. Its answer for
// each stored failure must be what the engine itself now says for the same failure.
const MIGRATION = new URL('../drizzle/0029_failure_outcomes.sql', import.meta.url);
const PAIRS: Array<[string, string]> = [
  ['ifc-samples/Duplex_A_20110907.ifc', 'ids-examples/IDS_ArcDox.ids'],
  ['ifc-samples/Duplex_A_20110907.ifc', 'ids-examples/IDS_oma.ids'],
  ['ifc-samples/Duplex_A_20110907.ifc', 'ids-examples/IDS_wooden-windows.ids'],
  ['ifc-samples/AC20-FZK-Haus.ifc', 'ids-examples/IDS_demo_BIM-basis-ILS.ids'],
  ['ids-examples/IDS_wooden-windows_IFC.ifc', 'ids-examples/IDS_wooden-windows.ids'],
];
const files = PAIRS.map(([ifc, ids]) => [sharedFile(ifc), sharedFile(ids)] as const);
const haveSamples = files.every(([ifc, ids]) => ifc !== null && ids !== null);

type LegacyFailure = Omit<FacetFailure, 'outcome' | 'kind'> & { reason: string };

/**
 * Every failing element × specification the engine reports for the sample pairs, with the English
 * sentence a server stored for each before failures were data (the reason migration 0029 reads).
 */
function engineFailures(): Array<Array<{ failure: FacetFailure; legacy: LegacyFailure }>> {
  const en = idsWords('en');
  const out: Array<Array<{ failure: FacetFailure; legacy: LegacyFailure }>> = [];
  for (const [ifc, ids] of files) {
    const model = readIfc(new Uint8Array(ifc as Buffer));
    const parsed = parseIds(ids as Buffer);
    const report = checkModel(model, parsed);
    model.dispose();
    report.specifications.forEach((spec, s) => {
      const requirements = parsed.specifications[s]?.requirements ?? [];
      for (const element of spec.failingElements)
        out.push(
          element.failures.map((failure) => {
            const { outcome: _, kind: __, ...rest } = failure;
            const facet = requirements[failure.facetIndex];
            if (!facet) throw new Error(`no requirement ${failure.facetIndex} in ${spec.name}`);
            return { failure, legacy: { ...rest, reason: failureText(en, failure, facet) } };
          }),
        );
    });
  }
  return out;
}

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`failure outcomes of results stored before (${backend.name})`, () => {
    let server: TestServer;
    testServerForBlock(backend, (started) => {
      server = started;
    });

    it("gives each stored failure the outcome the engine gives it, and leaves today's rows as they are", async () => {
      const found = engineFailures();
      const kinds = new Set(found.flat().map(({ failure: f }) => `${f.type}:${f.outcome}`));
      expect(kinds.size).toBeGreaterThanOrEqual(8); // absent, empty and mismatch over several facet types
      const versionId = randomUUID();
      const specificationId = randomUUID();
      // Stored as before the change: the same failures without their outcome; one row as written today.
      const legacy = found.map((failures) => failures.map((f) => f.legacy));
      // After the migration: the stored row as it was, plus the outcome the engine gives the failure.
      const expected = found.map((failures) =>
        failures.map((f) => ({ ...f.legacy, outcome: f.failure.outcome })),
      );
      const rows = legacy.map((failures, i) => ({
        fileVersionId: versionId,
        specificationId,
        elementStepId: i + 1,
        passed: false,
        failures,
      }));
      const today = {
        fileVersionId: versionId,
        specificationId,
        elementStepId: rows.length + 1,
        passed: false,
        failures: [{ facetIndex: 0, type: 'property', outcome: 'empty', reason: 'anything at all' }],
      };
      // element_results takes a version's rows in the version's partition (migration 0036).
      await server.database.db.execute(
        sql.raw(`create table element_results_${versionId.replaceAll('-', '')} partition of element_results
          for values in ('${versionId}')`),
      );
      for (let i = 0; i < rows.length; i += 500)
        await server.database.db.insert(elementResults).values(rows.slice(i, i + 500));
      await server.database.db.insert(elementResults).values(today);

      await server.database.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')));

      const stored = await server.database.db
        .select({ step: elementResults.elementStepId, failures: elementResults.failures })
        .from(elementResults)
        .where(inArray(elementResults.fileVersionId, [versionId]));
      const byStep = new Map(stored.map((r) => [r.step, r.failures as FacetFailure[]]));
      expect(byStep.size).toBe(rows.length + 1);
      expected.forEach((failures, i) => {
        expect(byStep.get(i + 1)).toEqual(failures);
      });
      expect(byStep.get(rows.length + 1)).toEqual(today.failures);
    });
  });
}
