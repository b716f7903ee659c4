/**
 * The write of a version whose results are copied from another version of its project with the same
 * result key (decision 0433): every row processing would have written, copied in SQL from the
 * source's rows with the new version's id, in one transaction like repo.writeProcessedVersion's. The
 * elements carry their own keys and matches (reuse-compare.ts); the comparison, compliance summaries,
 * totals and waivers are the new version's own.
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import {
  elementProperties,
  elementResults,
  elements,
  fileVersions,
  metadataFacets,
  projects,
  resultEntities,
  specificationFacetFailures,
  specificationResults,
  versionAttributeStats,
  versionValidityFindings,
  versionValidityRules,
} from '../../schema';
import { writeComplianceSummaries } from '../compliance';
import { refreshVersionTotals } from '../overview';
import { applyToProcessedVersion } from '../waivers';
import { writeHistory } from './history-writer';
import { type StagedPartition, timed } from './output-writer';
import * as repo from './repo';
import type { ReuseCompareOutput } from './reuse-compare';
import type { VersionTable } from './version-rows';

/** A completed version of the project whose results have `resultKey`, other than `versionId`. */
export async function findResultSource(
  db: Database,
  projectId: string,
  versionId: string,
  resultKey: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select fv.id from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
        where fv.result_key = ${resultKey} and fv.status = 'completed' and fv.id <> ${versionId}
          and bf.project_id = ${projectId}
        order by fv.processed_at limit 1`,
  );
  return row?.id ?? null;
}

/** Thrown in the write when the source no longer holds the results (deleted, failed or checked again). */
export class ResultSourceGoneError extends Error {
  constructor() {
    super('The version whose results were to be copied changed meanwhile');
  }
}

/** The partitioned tables' rows (decision 0196), then the plain ones, as processing writes them. */
const PARTITIONED = [elementProperties, elementResults] as const;
const PLAIN = [
  versionAttributeStats,
  metadataFacets,
  versionValidityRules,
  versionValidityFindings,
  specificationResults,
  resultEntities,
  specificationFacetFailures,
] as const;

/** The select list copying `table`'s row `s` to version `to`, with `overrides` by column name. */
function copiedColumns(table: VersionTable, to: string, overrides: Record<string, SQL> = {}) {
  const names = Object.values(getTableColumns(table)).map((column) => column.name);
  const target = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const source = sql.join(
    names.map((name) =>
      name === table.fileVersionId.name
        ? sql`${to}::uuid`
        : (overrides[name] ?? sql`s.${sql.identifier(name)}`),
    ),
    sql`, `,
  );
  return { target, source };
}

/** Copies the source version's rows of a plain table to the version (after deleting any it had). */
async function copyRows(tx: Database, table: VersionTable, from: string, to: string): Promise<void> {
  const { target, source } = copiedColumns(table, to);
  await tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${to}`);
  await tx.execute(
    sql`insert into ${table} (${target}) select ${source} from ${table} s where s.file_version_id = ${from}`,
  );
}

/**
 * Copies the source version's rows of a table partitioned by version into a partition of the
 * version's own, created here and attached by the caller (as output-writer's loadVersionPartition).
 */
async function copyPartition(
  tx: Database,
  table: VersionTable,
  from: string,
  to: string,
  extra: { overrides?: Record<string, SQL>; join?: SQL } = {},
): Promise<StagedPartition> {
  const name = getTableName(table);
  const [found] = await rowsOf<{ partition: string; exists: boolean }>(
    tx,
    sql`select plumbline_version_partition(${name}, ${to}::uuid) as partition,
      to_regclass(quote_ident(plumbline_version_partition(${name}, ${to}::uuid))) is not null as exists`,
  );
  if (!found) throw new Error(`no partition name for ${name}`);
  const partition = sql.identifier(found.partition);
  const { target, source } = copiedColumns(table, to, extra.overrides);
  const insert = (into: SQL) =>
    tx.execute(
      sql`insert into ${into} (${target}) select ${source} from ${table} s ${extra.join ?? sql``} where s.file_version_id = ${from}`,
    );
  if (found.exists) {
    await tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${to}`);
    await insert(sql`${table}`);
    return { attach: async () => {} };
  }
  const version = sql.raw(`'${to}'`);
  await tx.execute(
    sql`create table ${partition} (like ${table} including defaults, check (${sql.identifier(table.fileVersionId.name)} = ${version}))`,
  );
  await insert(sql`${partition}`);
  await tx.execute(sql`analyze ${partition}`);
  return {
    attach: async () => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql`alter table ${table} attach partition ${partition} for values in (${version})`);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReusedVersionToWrite
  extends Omit<repo.ResultsToWrite, 'results' | 'specificationKeys' | 'history'> {
  sourceId: string;
  resultKey: string;
  /** The elements' keys and matches, and the comparison with the previous version. */
  compared: ReuseCompareOutput;
  /** The explorer file the version shares (the source's), or null when the source has none. */
  explorerFileKey: string | null;
}

export async function writeReusedVersion(
  db: Database,
  input: ReusedVersionToWrite,
  hooks: repo.WriteHooks = {},
): Promise<{ elements: number; properties: number; results: number }> {
  const { versionId, sourceId, compared } = input;
  if (!UUID.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  return db.transaction(async (tx) => {
    await timed(hooks, 'lock', () => repo.lockForWrite(tx, versionId, input.projectId, input.checkedAgainst));
    // The source is locked against a delete or a re-check until this commits.
    const [source] = await rowsOf<Record<string, unknown> & { resultKey: string | null; status: string }>(
      tx,
      sql`select status, result_key as "resultKey", elements_count as "elementsCount",
            ifc_header_file_name as "ifcHeaderFileName", ifc_header_time_stamp as "ifcHeaderTimeStamp",
            ifc_project_global_id as "ifcProjectGlobalId", ifc_schema as "ifcSchema",
            ifc_schema_substitution as "ifcSchemaSubstitution"
          from file_versions where id = ${sourceId} for share`,
    );
    if (source?.status !== 'completed' || source.resultKey !== input.resultKey)
      throw new ResultSourceGoneError();
    const match = sql`join unnest(${sql.param(compared.stepId)}::int[], ${sql.param(compared.elementKey)}::text[],
        ${sql.param(compared.matchKind)}::smallint[], ${sql.param(compared.matchConfidence)}::real[])
        as m(step_id, element_key, match_kind, match_confidence) on m.step_id = s.step_id`;
    const staged = await timed(hooks, 'copy elements', () =>
      copyPartition(tx, elements, sourceId, versionId, {
        join: match,
        overrides: {
          // Null where it is the GlobalId, as processing stores it (history-step.ts storedElementKeys).
          element_key: sql`nullif(m.element_key, s.global_id)`,
          match_kind: sql`m.match_kind`,
          match_confidence: sql`m.match_confidence`,
        },
      }),
    );
    const partitions: StagedPartition[] = [];
    for (const table of PARTITIONED)
      partitions.push(
        await timed(hooks, `copy ${getTableName(table)}`, () =>
          copyPartition(tx, table, sourceId, versionId),
        ),
      );
    for (const table of PLAIN)
      await timed(hooks, `copy ${getTableName(table)}`, () => copyRows(tx, table, sourceId, versionId));
    // The results' partition first: the summaries and totals read it (as repo.replaceResults).
    for (const partition of partitions.reverse()) await partition.attach();
    await timed(hooks, 'compliance summaries', () => writeComplianceSummaries(tx, versionId));
    await timed(hooks, 'version totals', () => refreshVersionTotals(tx, [versionId]));
    // The specifications' keys are the source's (the same IDS revisions): only the comparison is new.
    await writeHistory(tx, versionId, compared.rows, input.at, hooks);
    await staged.attach();
    const flaggedWaivers = await timed(hooks, 'waivers', () =>
      applyToProcessedVersion(tx, versionId, input.at),
    );
    const counts = await rowsOf<{ properties: number; results: number }>(
      tx,
      sql`select (select count(*)::int from element_properties where file_version_id = ${versionId}) as properties,
                 (select count(*)::int from element_results where file_version_id = ${versionId}) as results`,
    );
    await tx
      .update(fileVersions)
      .set({
        status: 'completed',
        errorCode: null,
        errorParams: null,
        elementsCount: source.elementsCount as number | null,
        ifcHeaderFileName: source.ifcHeaderFileName as string | null,
        ifcHeaderTimeStamp: source.ifcHeaderTimeStamp as string | null,
        ifcProjectGlobalId: source.ifcProjectGlobalId as string | null,
        ifcSchema: source.ifcSchema as string | null,
        ifcSchemaSubstitution: source.ifcSchemaSubstitution as never,
        processedAt: input.at,
        checkedAt: input.at,
        recheckQueuedAt: repo.clearRecheck(input.recheckQueuedAt),
        resultKey: input.resultKey,
        explorerFileKey: input.explorerFileKey,
      })
      .where(sql`${fileVersions.id} = ${versionId}`);
    await tx
      .update(projects)
      .set({ lastProcessedAt: input.at })
      .where(sql`${projects.id} = ${input.projectId}`);
    await input.afterWrite?.(tx, { flaggedWaivers });
    return {
      elements: compared.stepId.length,
      properties: counts[0]?.properties ?? 0,
      results: counts[0]?.results ?? 0,
    };
  });
}
