/** What the Studio reads of a processed version: its stored IFC, its classes, property sets and values. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface VersionFile {
  storageKey: string;
  sizeBytes: number;
  fileName: string;
  ifcSchema: string | null;
}

export async function versionFile(db: Database, versionId: string): Promise<VersionFile | null> {
  const rows = rowsOf<{ storage_key: string; size_bytes: number; name: string; ifc_schema: string | null }>(
    await db.execute(sql`
      select fv.storage_key, fv.size_bytes, bf.name, fv.ifc_schema
      from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
      where fv.id = ${versionId}`),
  );
  const row = rows[0];
  return row
    ? {
        storageKey: row.storage_key,
        sizeBytes: Number(row.size_bytes),
        fileName: row.name,
        ifcSchema: row.ifc_schema,
      }
    : null;
}

export interface ClassCount {
  ifcClass: string;
  predefinedType: string | null;
  count: number;
}

/** Elements per class and predefined type (one version's partition, grouped). */
export async function classCounts(db: Database, versionId: string): Promise<ClassCount[]> {
  const rows = rowsOf<{ ifc_class: string; predefined_type: string | null; count: number }>(
    await db.execute(sql`
      select ifc_class, predefined_type, count(*)::int as count
      from elements where file_version_id = ${versionId}
      group by ifc_class, predefined_type`),
  );
  return rows.map((r) => ({ ifcClass: r.ifc_class, predefinedType: r.predefined_type, count: r.count }));
}

export interface PropertyStat {
  propertySet: string;
  name: string;
  elementCount: number;
  dataType: string | null;
  distinctValues: number;
}

/** The version's property statistics (written by processing, one row per set and property). */
export async function propertyStats(db: Database, versionId: string): Promise<PropertyStat[]> {
  const rows = rowsOf<{
    property_set: string;
    name: string;
    element_count: number;
    data_type: string | null;
    distinct_values: number;
  }>(
    await db.execute(sql`
      select property_set, name, element_count, data_type, distinct_values
      from version_attribute_stats where file_version_id = ${versionId}
      order by property_set, name`),
  );
  return rows.map((r) => ({
    propertySet: r.property_set,
    name: r.name,
    elementCount: r.element_count,
    dataType: r.data_type,
    distinctValues: r.distinct_values,
  }));
}
