import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { fileVersions } from './files';
import { idsSpecifications } from './ids';

/**
 * A `bytea` column written and read as hexadecimal text: COPY takes `\x` and the digits, readers
 * select `encode(column, 'hex')`. Half the bytes of the same digits as text.
 */
const hexBytes = customType<{ data: string }>({ dataType: () => 'bytea' });

/**
 * Every IfcProduct and IfcTypeObject of a processed version, by (version, STEP id), so the bulk
 * writer needs no generated ids and a rerun replaces exactly what it wrote (decision 0071).
 * Partitioned by version as element_properties is (migration 0036, decision 0196).
 *
 * A version's rows are written once, by COPY into a partition of their own, and never updated: its
 * indexes leave the version out (each partition holds one, decision 0201), have no unique check
 * (a unique index of a partitioned table must hold the version) and fill their pages (fillfactor
 * 100). Decision 0437 has the bytes.
 */
export const elements = pgTable(
  'elements',
  {
    // No foreign key (since 0036): attaching a version's partition to a table with one locks
    // file_versions against every reader until the commit. The trigger of drizzle/0003 takes the
    // rows with their version (since 0036 it drops the version's partition).
    fileVersionId: uuid('file_version_id').notNull(),
    stepId: integer('step_id').notNull(),
    globalId: text('global_id'),
    ifcClass: text('ifc_class').notNull(),
    name: text('name'),
    typeName: text('type_name'),
    predefinedType: text('predefined_type'),
    /** The enumeration said USERDEFINED and predefined_type holds the user-defined name (IDS matches both). */
    predefinedTypeUserDefined: boolean('predefined_type_user_defined').notNull().default(false),
    level: text('level'),
    /**
     * The BIM category derived from the class at processing time (metadata/bim-category.ts): the
     * explorer file's category column and the SQL store's category filter and sort (decision 0168);
     * null on versions processed before it was stored.
     */
    category: text('category'),
    /**
     * What identifies the element across versions besides its GlobalId (packages/ids identity): its
     * placement origin in metres and a fingerprint of its properties. Null on versions processed
     * before they were stored. The fingerprint is 12 bytes the engine writes as 24 hexadecimal
     * digits: stored as bytes (`\x` + digits in COPY, read back with `encode(property_hash, 'hex')`),
     * 13 bytes a row instead of 25 (decision 0437).
     */
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    z: doublePrecision('z'),
    propertyHash: hexBytes('property_hash'),
    /**
     * The element's stable key (issue 30): its GlobalId, or the key of the previous version's element
     * it was matched to by content when its GlobalId was regenerated. Waivers (issue 32) key on it.
     * Null where it is the GlobalId (processing/history-step.ts `storedElementKeys`, decision 0437),
     * as on versions processed before keys: readers take `coalesce(element_key, global_id)`.
     */
    elementKey: text('element_key'),
    /** How it was matched to the previous version: 0 none (new), 1 GlobalId, 2 content; null: no previous version. */
    matchKind: smallint('match_kind'),
    /** 1 for a GlobalId, the content score (0.6–1) for a content match, 0 for none. */
    matchConfidence: real('match_confidence'),
  },
  (t) => [
    // An element by its STEP id: every join of results, property rows and waivers to their element.
    index('elements_step_idx').on(t.stepId).with({ fillfactor: 100 }),
    // An element by its GlobalId (the element panel, the viewer's picks, the assistant's citations):
    // equality only, so a hash index, which keeps a 4-byte hash per entry instead of the 22
    // characters (5.4 MB against 7.4 MB on the 200 MB model; `in (…)` lists read it as a bitmap).
    // The explorer's sorts by class, level, category and GlobalId, for which the other indexes were,
    // read the version's Parquet file (0435).
    index('elements_global_id_idx').using('hash', t.globalId).with({ fillfactor: 100 }),
  ],
);

/**
 * One row per element, property set and property (quantities included): the metadata explorer
 * filters, sorts and pages these rows on the server. Values as text, as written in the file.
 * Partitioned by version (migration 0034, decision 0191; Drizzle does not describe partitions): each
 * version's rows are a table of their own, written by processing/output-writer.ts
 * `loadVersionPartition` and dropped with the version. Since decision 0435 only versions processed
 * with `EXPLORER_STORE=sql`, or before their explorer file was written, have rows here; the
 * background migration drops a version's partition once its Parquet file answers for it.
 */
export const elementProperties = pgTable(
  'element_properties',
  {
    // No foreign key: a per-row check halved bulk-insert speed (decision 0071). Rows go with their
    // version through the trigger of drizzle/0003 (since 0034 it drops the version's partition).
    fileVersionId: uuid('file_version_id').notNull(),
    elementStepId: integer('element_step_id').notNull(),
    propertySet: text('property_set').notNull(),
    name: text('name').notNull(),
    value: text('value'),
    dataType: text('data_type'),
  },
  (t) => [
    // Each partition holds one version, so its indexes leave the version out (decision 0201). The
    // explorer's default order (element, set, property), which pages read without sorting, and one
    // element's rows.
    index('element_properties_element_order_idx').on(t.elementStepId, t.propertySet, t.name),
    // The explorer's set and attribute filters and facets (migration 0008).
    index('element_properties_set_name_idx').on(t.propertySet, t.name),
    index('element_properties_name_idx').on(t.name),
    // The search's ILIKE '%term%' on values (pg_trgm): a rare term reads a few index pages.
    index('element_properties_value_trgm_idx').using('gin', sql`${t.value} gin_trgm_ops`),
    // The explorer's value sort, both ways (row-query.ts `orderClause`): a page is read from the
    // index instead of sorting the version's rows. The first 200 characters keep every key within
    // the btree's size limit (decision 0195).
    index('element_properties_value_sort_idx').on(
      sql`left(${t.value}, 200)`,
      t.elementStepId,
      t.propertySet,
      t.name,
    ),
  ],
);

/** A specification's outcome on one version (counts and, when failed as a whole, why). */
export const specificationResults = pgTable(
  'specification_results',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => idsSpecifications.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    applicableCount: integer('applicable_count').notNull(),
    passedCount: integer('passed_count').notNull(),
    failedCount: integer('failed_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.specificationId] })],
);

/**
 * What the results call an applicable entity that is not a stored element (an IfcProject, an
 * IfcMaterial…): without it a results row had no class, GlobalId or name to show. The view
 * `named_objects` (migration 0030) reads both tables as one, for every join of results to names.
 */
export const resultEntities = pgTable(
  'result_entities',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').notNull(),
    globalId: text('global_id'),
    ifcClass: text('ifc_class').notNull(),
    name: text('name'),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.stepId] })],
);

/**
 * Each applicable element's outcome for a specification; `failures` holds the facet reasons.
 * Partitioned by version as element_properties is (migration 0036, decision 0196).
 */
export const elementResults = pgTable(
  'element_results',
  {
    // No foreign keys, as for element_properties: triggers in drizzle/0003 delete these rows with
    // their version (since 0036 by dropping its partition) or specification.
    fileVersionId: uuid('file_version_id').notNull(),
    specificationId: uuid('specification_id').notNull(),
    elementStepId: integer('element_step_id').notNull(),
    passed: boolean('passed').notNull(),
    failures: jsonb('failures').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    // One index, as elements' (without the version, no unique check, full pages; decision 0437): a
    // specification's results in element order (the compliance pages), one element's results of
    // given specifications (the element panel), and a deleted specification's results (the trigger
    // of drizzle/0003). It replaces the primary key (version, specification, element) and an index
    // on the specification.
    index('element_results_specification_element_idx')
      .on(t.specificationId, t.elementStepId)
      .with({ fillfactor: 100 }),
  ],
);
