import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { ElementRow } from '../elements';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// The element search reads the version's `elements` (they stay in PostgreSQL), not explorer rows.

/** Elements of a version in STEP order, optionally matching a term in name, GlobalId or class. */
export async function searchElements(
  db: Database,
  versionId: string,
  pattern: string | null,
  stepId: number | null,
  limit: number,
): Promise<ElementRow[]> {
  const match = pattern
    ? sql`and (e.name ilike ${pattern} or e.global_id ilike ${pattern} or e.ifc_class ilike ${pattern}${
        stepId !== null ? sql` or e.step_id = ${stepId}` : sql``
      })`
    : sql``;
  const result = await db.execute(sql`
    select e.step_id as "stepId", e.global_id as "globalId", e.name, e.ifc_class as "ifcClass",
      e.type_name as "typeName", e.predefined_type as "predefinedType", e.level
    from elements e
    where e.file_version_id = ${versionId} ${match}
    order by e.step_id
    limit ${limit}`);
  return rowsOf<ElementRow>(result);
}
