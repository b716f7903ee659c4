import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';
import { idsSpecifications } from './ids';
import { projects } from './projects';
import { users } from './users';

/**
 * One row per property (set + name) of a processed version, summarised once at processing time
 * (processing/attribute-stats.ts): the attribute screens read these few thousand rows instead of
 * aggregating element_properties (1M+ rows) per request (decision 0085).
 */
export const versionAttributeStats = pgTable(
  'version_attribute_stats',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    propertySet: text('property_set').notNull(),
    name: text('name').notNull(),
    /** Elements that carry the property at all. */
    elementCount: integer('element_count').notNull(),
    /** Elements whose value is not null and not blank. */
    populatedCount: integer('populated_count').notNull(),
    distinctValues: integer('distinct_values').notNull(),
    /** The first few distinct non-blank values in sort order. */
    sampleValues: text('sample_values').array().notNull(),
    /** IFC classes of the elements carrying it, most frequent first. */
    ifcClasses: text('ifc_classes').array().notNull(),
    /** The most frequent IFC data type of its values (IFCLABEL …), if the file says. */
    dataType: text('data_type'),
    /** How many non-blank values read as a boolean, an integer, a real number. */
    booleanValues: integer('boolean_values').notNull(),
    integerValues: integer('integer_values').notNull(),
    realValues: integer('real_values').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.propertySet, t.name] })],
);

/** A team's verdict on an extra attribute, per project (spec 2 §3, §4 'Recommendation status'). */
export const attributeRecommendations = pgTable(
  'attribute_recommendations',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    propertySet: text('property_set').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.propertySet, t.name] }),
    check(
      'attribute_recommendations_status',
      sql`${t.status} in ('pending_review', 'highly_recommended', 'recommended', 'optional', 'not_recommended', 'added_to_schema')`,
    ),
  ],
);

/**
 * How many applicable elements fail each requirement facet (by index) of a specification on a
 * version, written with the results (processing/facet-failures.ts) so the Schema Attributes tab never
 * unpacks element_results failures per request (decision 0085).
 */
export const specificationFacetFailures = pgTable(
  'specification_facet_failures',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => idsSpecifications.id, { onDelete: 'cascade' }),
    facetIndex: integer('facet_index').notNull(),
    failedCount: integer('failed_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.specificationId, t.facetIndex] })],
);
