/**
 * Writes a version's comparison with the previous one (issue 30) inside processing's transaction:
 * its header (`version_comparisons`) and its changed findings (`finding_changes`, through the one
 * writer, output-writer.ts), replacing what an earlier run wrote. Also keeps the specifications'
 * stored keys equal to the ones the analysis computed (rows written before keys existed get theirs).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { findingChanges, versionComparisons } from '../../schema';
import type { ComparisonRows } from '../history';
import type { SpecificationKeyRow } from './analyse';
import { type OutputHooks, replaceVersionRows, timed } from './output-writer';

const EMPTY = {
  specificationKey: [],
  requirementKey: [],
  kind: [],
  elementStepId: [],
  elementKey: [],
  facetIndex: [],
  facetType: [],
  outcome: [],
  actualValue: [],
};

export async function writeHistory(
  tx: Database,
  versionId: string,
  rows: ComparisonRows | null,
  at: Date,
  hooks: OutputHooks = {},
): Promise<void> {
  await timed(hooks, 'history', async () => {
    await tx.delete(versionComparisons).where(eq(versionComparisons.fileVersionId, versionId));
    await replaceVersionRows(tx, findingChanges, versionId, rows?.changes ?? EMPTY, hooks);
    if (rows === null) return;
    await tx.insert(versionComparisons).values({ fileVersionId: versionId, computedAt: at, ...rows.header });
  });
}

/** Sets the keys of the given specifications where they differ from the stored ones. */
export async function updateSpecificationKeys(
  tx: Database,
  keys: readonly SpecificationKeyRow[],
): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    update ids_specifications s set key = k.key, requirement_keys = k.requirement_keys
    from (select unnest(${sql.param(keys.map((k) => k.specificationId))}::uuid[]) as id,
                 unnest(${sql.param(keys.map((k) => k.key))}::text[]) as key,
                 unnest(${sql.param(keys.map((k) => JSON.stringify(k.requirementKeys)))}::text[]) as keys_json) j,
         lateral (select j.id, j.key, array(select jsonb_array_elements_text(j.keys_json::jsonb)) as requirement_keys) k
    where s.id = k.id and (s.key is distinct from k.key or s.requirement_keys is distinct from k.requirement_keys)`);
}
