import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Logger } from './logger';

/**
 * Before decision 0160 the default installation kept its data in PGlite (DATA_DIR/pglite). The first
 * start on the embedded PostgreSQL copies it over once: every table of our schema and the jobs still
 * waiting, in one transaction, then renames the old directory to `pglite.carried-over` (kept, never
 * deleted). A new database that already holds accounts is never overwritten: the start stops and says
 * what to do.
 */
export class CarryOverError extends Error {
  override name = 'CarryOverError';
}

/** The PGlite directory of an embedded cluster directory (DATA_DIR/postgres → DATA_DIR/pglite). */
export function pgliteDirBeside(clusterDir: string): string {
  return join(dirname(clusterDir), 'pglite');
}

const BATCH_ROWS = 5_000;
// Jobs not yet done; an active one belonged to the process that wrote the directory and is retried.
const PENDING_JOBS = "state in ('created', 'retry', 'active')";

/**
 * Copies `pgliteDir` into the (migrated, queue schema installed) database at `url` when the directory
 * exists; returns the number of rows copied, or null when there was nothing to carry over.
 */
export async function carryOverPglite(
  pgliteDir: string,
  url: string,
  migrationsFolder: string,
  logger: Logger,
): Promise<number | null> {
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) return null;
  logger.warn({ from: pgliteDir }, 'Copying the data of the earlier embedded database (PGlite) once…');
  // Loaded only here: PGlite is no longer the app's database, only the reader of an old directory.
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The migrations install pg_trgm (0027), which PGlite ships as a loadable extension.
  const source = new PGlite({ dataDir: pgliteDir, extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  let copied = 0;
  try {
    // The old directory may predate later migrations: bring it to the same schema first.
    await migrate(drizzle({ client: source }) as never, { migrationsFolder });
    const accounts = await target.query('select count(*)::int as n from users');
    if (accounts.rows[0].n > 0) {
      throw new CarryOverError(
        `${pgliteDir} holds data of an earlier Plumbline, but the database already has accounts, so it is not ` +
          `copied over them. To copy it: stop Plumbline, move ${dirname(pgliteDir)}/postgres away, and start again.`,
      );
    }
    // Tables, not their partitions: a partitioned table's rows are read and written through it.
    const tables = await source.query<{ name: string; partitioned: boolean }>(
      `select c.relname as name, c.relkind = 'p' as partitioned from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    );
    await target.query('begin');
    // Foreign keys are checked by the source already; rows go in table by table in any order.
    await target.query('set local session_replication_role = replica');
    // Rows the migrations seed (plan tiers, settings) come from the source like everything else.
    const names = tables.rows.map(({ name }) => `public."${name.replaceAll('"', '""')}"`);
    if (names.length > 0) await target.query(`truncate ${names.join(', ')}`);
    for (const { name, partitioned } of tables.rows) {
      if (partitioned) await createVersionPartitions(source, target, name);
      copied += await copyTable(source, target, 'public', name, null);
    }
    copied += await copyTable(source, target, 'pgboss', 'job', PENDING_JOBS);
    await target.query(`update pgboss.job set state = 'retry' where state = 'active'`);
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  } finally {
    await target.end();
    await source.close();
  }
  renameSync(pgliteDir, `${pgliteDir}.carried-over`);
  logger.warn({ rows: copied, keptAt: `${pgliteDir}.carried-over` }, 'Earlier embedded database copied');
  return copied;
}

type Source = InstanceType<typeof import('@electric-sql/pglite').PGlite>;

/**
 * A table partitioned per version (element_properties, migration 0034) takes rows only for versions
 * that have their partition: the target gets one for each version the source holds rows of, named
 * as processing names them (plumbline_version_partition).
 */
async function createVersionPartitions(source: Source, target: pg.Client, table: string): Promise<void> {
  const versions = await source.query<{ id: string }>(
    `select distinct file_version_id::text as id from "${table.replaceAll('"', '""')}"`,
  );
  for (const { id } of versions.rows) {
    const { rows } = await target.query<{ statement: string }>(
      `select format('create table if not exists %I partition of %I for values in (%L)',
         plumbline_version_partition($1, $2::uuid), $1::text, $2::uuid) as statement`,
      [table, id],
    );
    await target.query(rows[0]?.statement as string);
  }
}

/** Copies the columns both sides have, in batches read through a cursor. */
async function copyTable(
  source: Source,
  target: pg.Client,
  schema: string,
  table: string,
  where: string | null,
): Promise<number> {
  const columnsOf = async (run: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>) =>
    new Set(
      (
        (
          await run(
            'select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2',
            [schema, table],
          )
        ).rows as Array<{ name: string }>
      ).map((row) => row.name),
    );
  const targetColumns = await columnsOf((text, values) => target.query(text, values));
  if (targetColumns.size === 0) return 0;
  const shared = [...(await columnsOf((text, values) => source.query(text, values)))].filter((c) =>
    targetColumns.has(c),
  );
  if (shared.length === 0) return 0;
  const list = shared.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  const qualified = `"${schema}"."${table}"`;
  let rows = 0;
  await source.transaction(async (tx) => {
    await tx.query(
      `declare carry no scroll cursor for select row_to_json(r)::text as json from (select ${list} from ${qualified}${
        where ? ` where ${where}` : ''
      }) r`,
    );
    for (;;) {
      const batch = await tx.query<{ json: string }>(`fetch ${BATCH_ROWS} from carry`);
      if (batch.rows.length === 0) break;
      await target.query(
        `insert into ${qualified} (${list}) select ${list} from json_populate_recordset(null::${qualified}, $1::json)`,
        [`[${batch.rows.map((row) => row.json).join(',')}]`],
      );
      rows += batch.rows.length;
    }
    await tx.query('close carry');
  });
  return rows;
}
