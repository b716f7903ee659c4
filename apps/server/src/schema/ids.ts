import type { FacetCardinality, IdsFacet } from '@plumbline/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * An uploaded IDS file of a project; only active ones take part in checks. A corrected file uploaded
 * as a new revision of another (Replace) shares its lineage: the lineage is part of every requirement
 * key (issue 30), so unchanged requirements keep their history. A replaced revision stays, inactive,
 * with `superseded_at` set: the versions checked against it keep their results.
 */
export const idsFiles = pgTable(
  'ids_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The document's lineage: its first revision's id. */
    lineageId: uuid('lineage_id').notNull(),
    /** 1 for the first upload, then one more per Replace. */
    revision: integer('revision').notNull().default(1),
    /** When a newer revision replaced it (then it is inactive); null for the current revision. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => idsFiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    title: text('title'),
    isActive: boolean('is_active').notNull().default(true),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ids_files_project_id_idx').on(t.projectId),
    uniqueIndex('ids_files_lineage_revision_unique').on(t.lineageId, t.revision),
  ],
);

/**
 * One specification of an IDS file, as the screens list it (spec 1 §3 'IDS specification'). Facets
 * are jsonb arrays in the spec's facet shape: a few per specification, always read with it.
 */
export const idsSpecifications = pgTable(
  'ids_specifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idsFileId: uuid('ids_file_id')
      .notNull()
      .references(() => idsFiles.id, { onDelete: 'cascade' }),
    /** Order in the file; check results refer to specifications by it. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    identifier: text('identifier'),
    instructions: text('instructions'),
    ifcVersions: text('ifc_versions').array().notNull(),
    minOccurs: integer('min_occurs').notNull(),
    maxOccurs: integer('max_occurs'),
    cardinality: text('cardinality').$type<FacetCardinality>().notNull(),
    applicabilityFacets: jsonb('applicability_facets').$type<IdsFacet[]>().notNull(),
    requirementFacets: jsonb('requirement_facets').$type<IdsFacet[]>().notNull(),
    /**
     * The specification's stable key and its requirement facets' keys by index (issue 30,
     * `documentKeys` in packages/ids): lineage + identifier or name + facet content, never a position.
     * Null on rows written before keys existed; processing fills them in.
     */
    key: text('key'),
    requirementKeys: text('requirement_keys').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('ids_specifications_file_position_unique').on(t.idsFileId, t.position),
    index('ids_specifications_key_idx').on(t.key),
  ],
);
