/**
 * The writes of a version whose results come from a version of its project with the same result key
 * (decisions 0433, 0438), each in one transaction like the engine's (repo.ts): a full run copies every
 * row processing would have written, in SQL, from the source's rows with the new version's id; a
 * re-check replaces only the results (or, when the version is its own source, renames their
 * specification ids). The specification ids are those of the active IDS revisions (reuse-map.ts).
 * The elements carry their own keys and matches (reuse-compare.ts); the comparison, compliance
 * summaries, totals and waivers are the version's own.
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
import type { ComparisonRows, StoredSpecification } from '../history';
import { refreshVersionTotals } from '../overview';
import { applyToProcessedVersion } from '../waivers';
import { writeHistory } from './history-writer';
import { type StagedPartition, timed } from './output-writer';
import * as repo from './repo';
import type { ReuseCompareOutput } from './reuse-compare';
import {
  mapSpecifications,
  renamed,
  type SourceSpecification,
  type SpecificationMap,
  sameMap,
  type TargetFile,
} from './reuse-map';
import type { VersionTable } from './version-rows';

/** Completed versions of the project whose results have `resultKey`, other than `versionId`, oldest first. */
export async function findResultSources(
  db: Database,
  projectId: string,
  versionId: string,
  resultKey: string,
  limit = 5,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select fv.id from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
        where fv.result_key = ${resultKey} and fv.status = 'completed' and fv.id <> ${versionId}
          and bf.project_id = ${projectId}
        order by fv.processed_at limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The specifications a version's results name, with their file's content hash, position and number
 * of specifications (reuse-map.ts), oldest file first.
 */
export async function resultSpecifications(db: Database, versionId: string): Promise<SourceSpecification[]> {
  return rowsOf<SourceSpecification>(
    db,
    sql`select s.id, s.ids_file_id as "fileId", f.sha256, s.position,
          (select count(*)::int from ids_specifications a where a.ids_file_id = s.ids_file_id) as "fileSpecifications"
        from specification_results r
        join ids_specifications s on s.id = r.specification_id
        join ids_files f on f.id = s.ids_file_id
        where r.file_version_id = ${versionId}
        order by f.created_at, f.id, s.position`,
  );
}

/**
 * Whether the version has its partition of element results: one completed before those were
 * partitioned with no results has none (migration 0036), and is no source (its own re-check makes it).
 */
export async function hasResultPartition(db: Database, versionId: string): Promise<boolean> {
  const [row] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass(quote_ident(plumbline_version_partition('element_results', ${versionId}::uuid))) is not null as exists`,
  );
  return row?.exists === true;
}

/** The given specifications as the comparison reads them (history StoredSpecification). */
export async function comparedSpecifications(db: Database, ids: string[]): Promise<StoredSpecification[]> {
  if (ids.length === 0) return [];
  return rowsOf<StoredSpecification>(
    db,
    sql`select s.id, s.key, s.name, s.identifier, s.requirement_keys as "requirementKeys",
          s.cardinality = 'prohibited' as prohibited
        from ids_specifications s where s.id = any(${sql.param(ids)}::uuid[])`,
  );
}

/**
 * The first lock of a write from stored results: the specifications the source's results name, and
 * their files, against a delete or an edit until the commit. Taken before the version's lock, in the
 * order an IDS upload, Replace, switch or delete takes its rows' and then the versions' locks.
 */
async function lockSourceSpecifications(tx: Database, map: SpecificationMap): Promise<void> {
  if (map.from.length === 0) return;
  await tx.execute(
    sql`select s.id from ids_specifications s join ids_files f on f.id = s.ids_file_id
        where s.id = any(${sql.param(map.from)}::uuid[]) for share of s, f`,
  );
}

/**
 * Under the write's locks: the source still holds the results with the key, naming the
 * specifications the map was made from; else the copy is not made (ResultSourceGoneError).
 */
async function checkSource(
  tx: Database,
  input: {
    sourceId: string;
    versionId: string;
    resultKey: string;
    map: SpecificationMap;
    targets: TargetFile[];
  },
) {
  // The source is locked against a delete or a re-check until this commits (the version itself is
  // locked for update by lockForWrite).
  const lock = input.sourceId === input.versionId ? sql`` : sql`for share`;
  const [source] = await rowsOf<Record<string, unknown> & { resultKey: string | null; status: string }>(
    tx,
    sql`select status, result_key as "resultKey", elements_count as "elementsCount",
          ifc_header_file_name as "ifcHeaderFileName", ifc_header_time_stamp as "ifcHeaderTimeStamp",
          ifc_project_global_id as "ifcProjectGlobalId", ifc_schema as "ifcSchema",
          ifc_schema_substitution as "ifcSchemaSubstitution"
        from file_versions where id = ${input.sourceId} ${lock}`,
  );
  if (source?.status !== 'completed' || source.resultKey !== input.resultKey)
    throw new ResultSourceGoneError();
  const map = mapSpecifications(await resultSpecifications(tx, input.sourceId), input.targets);
  if (map === null || !sameMap(map, input.map)) throw new ResultSourceGoneError();
  return source;
}

/** The join that gives each copied row its specification id under the active revisions (`sm.to_id`). */
function mappedSpecifications(map: SpecificationMap): { join: SQL; overrides: Record<string, SQL> } {
  return {
    join: sql`join unnest(${sql.param(map.from)}::uuid[], ${sql.param(map.to)}::uuid[]) as sm(from_id, to_id)
      on sm.from_id = s.specification_id`,
    overrides: { specification_id: sql`sm.to_id` },
  };
}

/** Tables whose rows name a specification. */
const BY_SPECIFICATION: readonly VersionTable[] = [
  elementResults,
  specificationResults,
  specificationFacetFailures,
];

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
async function copyRows(
  tx: Database,
  table: VersionTable,
  from: string,
  to: string,
  extra: { overrides?: Record<string, SQL>; join?: SQL } = {},
): Promise<void> {
  const { target, source } = copiedColumns(table, to, extra.overrides);
  await tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${to}`);
  await tx.execute(
    sql`insert into ${table} (${target}) select ${source} from ${table} s ${extra.join ?? sql``} where s.file_version_id = ${from}`,
  );
}

/** The copy of a table's rows with their specification ids mapped when the table names them. */
const copyExtra = (table: VersionTable, map: SpecificationMap) =>
  BY_SPECIFICATION.includes(table) ? mappedSpecifications(map) : {};

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
  /** The source's specification ids and those of the active revisions (reuse-map.ts). */
  map: SpecificationMap;
  /** The active IDS files the map was made for. */
  targets: TargetFile[];
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
    await timed(hooks, 'lock', async () => {
      await lockSourceSpecifications(tx, input.map);
      await repo.lockForWrite(tx, versionId, input.projectId, input.checkedAgainst);
    });
    const source = await checkSource(tx, input);
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
          copyPartition(tx, table, sourceId, versionId, copyExtra(table, input.map)),
        ),
      );
    for (const table of PLAIN)
      await timed(hooks, `copy ${getTableName(table)}`, () =>
        copyRows(tx, table, sourceId, versionId, copyExtra(table, input.map)),
      );
    // The results' partition first: the summaries and totals read it (as repo.replaceResults).
    for (const partition of partitions.reverse()) await partition.attach();
    await timed(hooks, 'compliance summaries', () => writeComplianceSummaries(tx, versionId));
    await timed(hooks, 'version totals', () => refreshVersionTotals(tx, [versionId]));
    // The specifications' keys are stored (the write needs them): only the comparison is new.
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

export interface RecheckFromResultsToWrite
  extends Omit<repo.ResultsToWrite, 'results' | 'specificationKeys' | 'history'> {
  /** The version whose results are copied: the version itself when it already holds them. */
  sourceId: string;
  resultKey: string;
  map: SpecificationMap;
  targets: TargetFile[];
  /** The comparison with the previous completed version (null: none). */
  history: ComparisonRows | null;
}

/**
 * A re-check answered from stored results (decision 0438): the version's results replaced by the
 * source's with the active revisions' specification ids, or, when the version is its own source,
 * only those ids renamed; then what repo.writeRecheckedVersion writes after its results.
 */
export async function writeRecheckFromResults(
  db: Database,
  input: RecheckFromResultsToWrite,
  hooks: repo.WriteHooks = {},
): Promise<{ results: number }> {
  const { versionId, sourceId } = input;
  if (!UUID.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  return db.transaction(async (tx) => {
    await timed(hooks, 'lock', async () => {
      await lockSourceSpecifications(tx, input.map);
      await repo.lockForWrite(tx, versionId, input.projectId, input.checkedAgainst);
    });
    await checkSource(tx, input);
    if (sourceId === versionId) {
      const change = renamed(input.map);
      // No id is both renamed from and to (reuse-map.ts), so no row meets another's key on the way.
      if (change.from.length > 0)
        for (const table of BY_SPECIFICATION)
          await timed(hooks, `rename ${getTableName(table)}`, () =>
            tx.execute(
              sql`update ${table} t set specification_id = sm.to_id
                  from unnest(${sql.param(change.from)}::uuid[], ${sql.param(change.to)}::uuid[]) as sm(from_id, to_id)
                  where t.file_version_id = ${versionId} and t.specification_id = sm.from_id`,
            ),
          );
    } else {
      const extra = mappedSpecifications(input.map);
      const staged = await timed(hooks, 'copy element_results', () =>
        copyPartition(tx, elementResults, sourceId, versionId, extra),
      );
      await staged.attach();
      await timed(hooks, 'copy specification_results', () =>
        copyRows(tx, specificationResults, sourceId, versionId, extra),
      );
      await timed(hooks, 'copy result_entities', () => copyRows(tx, resultEntities, sourceId, versionId));
      await timed(hooks, 'copy specification_facet_failures', () =>
        copyRows(tx, specificationFacetFailures, sourceId, versionId, extra),
      );
    }
    await timed(hooks, 'compliance summaries', () => writeComplianceSummaries(tx, versionId));
    await timed(hooks, 'version totals', () => refreshVersionTotals(tx, [versionId]));
    await writeHistory(tx, versionId, input.history, input.at, hooks);
    const flaggedWaivers = await timed(hooks, 'waivers', () =>
      applyToProcessedVersion(tx, versionId, input.at),
    );
    await tx
      .update(fileVersions)
      .set({
        checkedAt: input.at,
        recheckQueuedAt: repo.clearRecheck(input.recheckQueuedAt),
        resultKey: input.resultKey,
      })
      .where(sql`${fileVersions.id} = ${versionId}`);
    await input.afterWrite?.(tx, { flaggedWaivers });
    const [count] = await rowsOf<{ results: number }>(
      tx,
      sql`select count(*)::int as results from element_results where file_version_id = ${versionId}`,
    );
    return { results: count?.results ?? 0 };
  });
}
