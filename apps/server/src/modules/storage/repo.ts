import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

/** Serialises the adoption and release of one stored object until the transaction ends. */
export async function lockStoredObject(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stored-object:${key}`}, 0))`);
}

/** Whether any file version still records `key` as its model (file_versions_storage_key_idx). */
export async function storedObjectReferenced(tx: Database, key: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select exists (select 1 from file_versions where storage_key = ${key}) as referenced`,
  )) as unknown as { rows: { referenced: boolean }[] };
  return result.rows[0]?.referenced === true;
}
