/**
 * Reads what a comparison needs of a stored version (stored-version.ts) with COPY … TO STDOUT: the
 * main thread collects the bytes as they come and parses none of them (a 200 MB model's elements are
 * 200,000 rows); the analysis or compare thread gets them transferred. One read-only snapshot, so the
 * four reads agree with each other.
 */

import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Database, rowsOf } from '../../platform/db';
import { waivedSql } from '../compliance';
import type { StoredSpecification, StoredVersionData } from './stored-version';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function connectionOf(tx: Database): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client) throw new Error('COPY reads run inside a transaction, on its connection.');
  return client;
}

/** The output of a `copy (query) to stdout`, as one buffer with an ArrayBuffer of its own. */
async function copyOut(tx: Database, query: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  await pipeline(
    connectionOf(tx).query(copyTo(`copy (${query}) to stdout`)),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        size += chunk.length;
        done();
      },
    }),
  );
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const NOTHING = new Uint8Array(0);

/**
 * A stored version's elements, entities, failing results and checked specifications; with `elements`,
 * its elements alone (a re-check has the rest from its own check); with `waivers`, also the failing
 * results an approved waiver covers (the comparison as read, decision 0370; the stored history is
 * the engine's alone).
 */
export async function loadVersionData(
  db: Database,
  versionId: string,
  parts: 'all' | 'elements' = 'all',
  options: { waivers?: boolean } = {},
): Promise<StoredVersionData> {
  // Interpolated into COPY, which takes no parameters: only a well-formed id gets there.
  if (!UUID.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  const v = `'${versionId}'::uuid`;
  return db.transaction(
    async (tx) => {
      const elements = await copyOut(
        tx,
        `select step_id, global_id, element_key, ifc_class, name, type_name, predefined_type, level, x, y, z,
           encode(property_hash, 'hex') from elements where file_version_id = ${v} order by step_id`,
      );
      if (parts === 'elements')
        return {
          versionId,
          elements,
          entities: NOTHING.slice(),
          failing: NOTHING.slice(),
          specifications: [],
        };
      const entities = await copyOut(
        tx,
        `select step_id, global_id, ifc_class, name from result_entities where file_version_id = ${v} order by step_id`,
      );
      const failing = await copyOut(
        tx,
        `select specification_id, element_step_id, failures from element_results
         where file_version_id = ${v} and not passed order by specification_id, element_step_id`,
      );
      const specifications = await rowsOf<StoredSpecification>(
        tx,
        sql`select s.id, s.key, s.name, s.identifier, s.requirement_keys as "requirementKeys",
              s.cardinality = 'prohibited' as prohibited
            from specification_results r join ids_specifications s on s.id = r.specification_id
            where r.file_version_id = ${versionId}
            order by s.ids_file_id, s.position`,
      );
      if (!options.waivers) return { versionId, elements, entities, failing, specifications };
      const waived = await rowsOf<{ specificationId: string; stepId: number }>(
        tx,
        sql`select er.specification_id as "specificationId", er.element_step_id as "stepId"
            from element_results er
            where er.file_version_id = ${versionId} and not er.passed and ${waivedSql(sql`er`)}`,
      );
      return {
        versionId,
        elements,
        entities,
        failing,
        specifications,
        waived: waived.map((w) => `${w.specificationId}:${w.stepId}`),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
