import { bigint, index, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';
import { idsSpecifications } from './ids';

/**
 * Compliance summaries written with a version's results (in the same transaction), so the
 * compliance screens read a few rows instead of aggregating every element result (decision 0082).
 * Counts of a specification's failing elements: warnings (at least half the requirements met),
 * those failing a requirement for a missing value, and the requirement facets some element failed.
 */
export const specificationCompliance = pgTable(
  'specification_compliance',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => idsSpecifications.id, { onDelete: 'cascade' }),
    warningCount: integer('warning_count').notNull(),
    unpopulatedCount: integer('unpopulated_count').notNull(),
    failedFacetCount: integer('failed_facet_count').notNull(),
    /** Failing elements an approved waiver covers (issue 32): status waived, apart from warning and failed. */
    waivedCount: integer('waived_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.specificationId] })],
);

/**
 * Each element's worst status over the specifications of its version (1 passed, 2 waived,
 * 3 warning, 4 failed; since 0044); elements without a row are not applicable. What the 3D compliance view colours by.
 */
export const elementCompliance = pgTable(
  'element_compliance',
  {
    // No foreign key: its per-row check took a second of the 200 MB model's 160,173 rows (decision
    // 0198). Rows go with their version through the trigger of drizzle/0037.
    fileVersionId: uuid('file_version_id').notNull(),
    elementStepId: integer('element_step_id').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileVersionId, t.elementStepId] }),
    index('element_compliance_version_status_idx').on(t.fileVersionId, t.status),
  ],
);

/**
 * A version's Dashboard Overview figures, written with its results (decision 0168) by
 * `overview/totals.ts`, the one definition of them: specification × element pairs, the required
 * property facets checked and how many were missing, empty or failing, and the elements applicable to
 * some specification and those failing none. Refreshed wherever an input changes (results replaced,
 * an IDS file deleted, a requirement added), so the overview reads one row per version.
 */
export const versionResultTotals = pgTable('version_result_totals', {
  fileVersionId: uuid('file_version_id')
    .primaryKey()
    .references(() => fileVersions.id, { onDelete: 'cascade' }),
  applicablePairs: bigint('applicable_pairs', { mode: 'number' }).notNull(),
  passedPairs: bigint('passed_pairs', { mode: 'number' }).notNull(),
  checked: bigint('checked', { mode: 'number' }).notNull(),
  missing: bigint('missing', { mode: 'number' }).notNull(),
  empty: bigint('empty', { mode: 'number' }).notNull(),
  failed: bigint('failed', { mode: 'number' }).notNull(),
  applicableElements: bigint('applicable_elements', { mode: 'number' }).notNull(),
  compliantElements: bigint('compliant_elements', { mode: 'number' }).notNull(),
  /** Elements by their worst status (element_compliance): what the IDS Compliance cards count. */
  passedElements: bigint('passed_elements', { mode: 'number' }).notNull().default(0),
  warningElements: bigint('warning_elements', { mode: 'number' }).notNull().default(0),
  failedElements: bigint('failed_elements', { mode: 'number' }).notNull().default(0),
  waivedElements: bigint('waived_elements', { mode: 'number' }).notNull().default(0),
});
