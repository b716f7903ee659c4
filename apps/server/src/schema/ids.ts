import type { FacetCardinality, IdsFacet } from '@plumbline/contracts';
import {
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

/** An uploaded IDS file of a project; only active ones take part in checks. */
export const idsFiles = pgTable(
  'ids_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
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
  (t) => [index('ids_files_project_id_idx').on(t.projectId)],
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
  },
  (t) => [uniqueIndex('ids_specifications_file_position_unique').on(t.idsFileId, t.position)],
);
