import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

/** Distinct values kept per property: the screens show 3, an enumeration suggestion needs them all (up to 10). */
export const SAMPLE_VALUES = 10;

/**
 * Summarises a version's properties into version_attribute_stats (decision 0085), inside the
 * processing transaction, in one INSERT … SELECT: for each property set + name, how many elements
 * carry it and how many with a non-blank value, its distinct values (count and the first few), the
 * IFC classes of its elements (most frequent first); orders use the C collation so both
 * backends and every locale agree, its most frequent data type, and how many values
 * read as booleans, integers and reals (what "analyze attribute" infers a data type from). Reads of
 * the attribute screens then touch these rows only, never element_properties.
 */
export async function writeAttributeStats(tx: Database, versionId: string): Promise<void> {
  await tx.execute(sql`delete from version_attribute_stats where file_version_id = ${versionId}`);
  await tx.execute(sql`
    insert into version_attribute_stats (
      file_version_id, property_set, name, element_count, populated_count, distinct_values,
      sample_values, ifc_classes, data_type, boolean_values, integer_values, real_values)
    with p as (
      select distinct on (ep.property_set, ep.name, ep.element_step_id)
        ep.property_set, ep.name, nullif(btrim(ep.value, E' \\t\\r\\n'), '') as v, ep.data_type, e.ifc_class
      from element_properties ep
      join elements e on e.file_version_id = ep.file_version_id and e.step_id = ep.element_step_id
      where ep.file_version_id = ${versionId}
      order by ep.property_set, ep.name, ep.element_step_id
    ),
    counts as (
      select property_set, name,
        count(*)::int as element_count,
        count(v)::int as populated_count,
        mode() within group (order by data_type collate "C") as data_type,
        count(*) filter (where lower(v) in ('true', 'false'))::int as boolean_values,
        count(*) filter (where v ~ '^[+-]?[0-9]+$')::int as integer_values,
        count(*) filter (where v ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$')::int as real_values
      from p group by property_set, name
    ),
    classes as (
      select property_set, name, array_agg(ifc_class order by n desc, ifc_class collate "C") as ifc_classes
      from (select property_set, name, ifc_class, count(*) as n from p group by 1, 2, 3) c
      group by property_set, name
    ),
    vals as (
      select property_set, name, count(*)::int as distinct_values,
        (array_agg(v order by v collate "C"))[1:${sql.raw(String(SAMPLE_VALUES))}] as sample_values
      from (select distinct property_set, name, v from p where v is not null) d
      group by property_set, name
    )
    select ${versionId}::uuid, c.property_set, c.name, c.element_count, c.populated_count,
      coalesce(vals.distinct_values, 0), coalesce(vals.sample_values, '{}'::text[]), classes.ifc_classes,
      c.data_type, c.boolean_values, c.integer_values, c.real_values
    from counts c
    join classes using (property_set, name)
    left join vals using (property_set, name)`);
}
