import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Database, rowsOf } from '../../../platform/db';
import { primaryBimCategory } from '../bim-category';
import type { CopyTextFile } from './write';

// What the background migration reads of a version processed before its explorer file existed.

function connectionOf(tx: Database): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client) throw new Error('COPY reads run inside a transaction, on its connection.');
  return client;
}

async function copyOut(tx: Database, query: string, path: string): Promise<void> {
  await pipeline(connectionOf(tx).query(copyTo(`copy (${query}) to stdout`)), createWriteStream(path));
}

/**
 * The explorer file a version shares with the version its rows were copied from (decision 0433);
 * null when it has its own (storageKeys.explorerRows) or none yet.
 */
export async function sharedExplorerFileKey(db: Database, versionId: string): Promise<string | null> {
  const [row] = await rowsOf<{ key: string | null }>(
    db,
    sql`select explorer_file_key as key from file_versions where id = ${versionId}`,
  );
  return row?.key ?? null;
}

/**
 * Completed versions with their project, newest first (the ones people look at first), the explorer
 * file they share (decision 0433), and whether their property rows are still in PostgreSQL (a
 * partition of `element_properties`).
 */
export async function listCompletedVersions(db: Database): Promise<
  Array<{
    id: string;
    projectId: string;
    processedAt: Date | null;
    explorerFileKey: string | null;
    hasRows: boolean;
  }>
> {
  return rowsOf(
    db,
    sql`select v.id, f.project_id as "projectId", v.processed_at as "processedAt",
        v.explorer_file_key as "explorerFileKey",
        to_regclass(quote_ident(plumbline_version_partition('element_properties', v.id))) is not null as "hasRows"
      from file_versions v join bim_files f on f.id = v.bim_file_id
      where v.status = 'completed' order by v.processed_at desc nulls last, v.id`,
  );
}

/**
 * Drops the version's `element_properties` partition once its explorer file answers for it
 * (decision 0435). The drop waits 100 ms at most for the table's lock (`plumbline_try_drop_partition`,
 * decision 0191): false when it could not have it, and a later sweep tries again.
 */
export async function dropPropertyRows(db: Database, versionId: string): Promise<boolean> {
  const [row] = await rowsOf<{ dropped: boolean }>(
    db,
    sql`select plumbline_try_drop_partition(plumbline_version_partition('element_properties', ${versionId}::uuid)) as dropped`,
  );
  return row?.dropped === true;
}

/**
 * The version's elements and property rows as COPY text files, read in one snapshot: properties in
 * element, set, name order and, within those, as stored (the order processing wrote them). Elements
 * processed before categories were stored get theirs from the class.
 */
export async function copyVersionRows(
  db: Database,
  versionId: string,
  paths: { elements: string; properties: string },
): Promise<{ elements: CopyTextFile; properties: CopyTextFile }> {
  const v = `'${versionId.replace(/[^0-9a-f-]/gi, '')}'::uuid`;
  return db.transaction(
    async (tx) => {
      const classes = await rowsOf<{ ifcClass: string }>(
        tx,
        sql`select distinct ifc_class as "ifcClass" from elements where file_version_id = ${versionId}`,
      );
      const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
      const category =
        classes.length === 0
          ? 'category'
          : `coalesce(category, case ifc_class ${classes
              .map((c) => `when ${literal(c.ifcClass)} then ${literal(primaryBimCategory(c.ifcClass))}`)
              .join(' ')} else 'Other' end)`;
      await copyOut(
        tx,
        `select step_id, global_id, name, ifc_class, ${category} as category, level
         from elements where file_version_id = ${v}`,
        paths.elements,
      );
      await copyOut(
        tx,
        `select element_step_id, property_set, name, value, data_type from element_properties
         where file_version_id = ${v} order by element_step_id, property_set, name, ctid`,
        paths.properties,
      );
      return {
        elements: {
          path: paths.elements,
          columns: ['step_id', 'global_id', 'name', 'ifc_class', 'category', 'level'],
        },
        properties: {
          path: paths.properties,
          columns: ['element_step_id', 'property_set', 'name', 'value', 'data_type'],
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
