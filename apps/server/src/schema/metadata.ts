import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';

/**
 * Row counts of the metadata explorer's filter options per version (facet = category, ifc_class,
 * level, property_set or attribute), computed at processing time so the filter panel never counts a
 * million property rows on a read (decision 0090).
 */
export const metadataFacets = pgTable(
  'metadata_facets',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    /** The option's value; '' stands for 'none' (an element without a level). */
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.facet, t.key] })],
);
