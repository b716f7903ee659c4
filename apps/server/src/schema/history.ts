import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';

/**
 * A version's comparison with the previous completed version of its file (issue 30), one row per
 * compared version, written with its results in processing's transaction (or by the
 * `history.compare` job when the previous version changed). The findings that changed are
 * `finding_changes`; what persisted is only counted, so history grows with change, not with versions.
 */
export const versionComparisons = pgTable(
  'version_comparisons',
  {
    fileVersionId: uuid('file_version_id')
      .primaryKey()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    fromVersionId: uuid('from_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    matchedByGlobalId: integer('matched_by_global_id').notNull(),
    matchedByContent: integer('matched_by_content').notNull(),
    addedElements: integer('added_elements').notNull(),
    removedElements: integer('removed_elements').notNull(),
    newCount: integer('new_count').notNull(),
    resolvedCount: integer('resolved_count').notNull(),
    removedCount: integer('removed_count').notNull(),
    persistingCount: integer('persisting_count').notNull(),
  },
  (t) => [index('version_comparisons_from_idx').on(t.fromVersionId)],
);

/**
 * One finding that changed between a version and the one before (`version_comparisons`): an element
 * newly failing a requirement (kind 1), no longer failing it (2, resolved) or gone with its element
 * (3, removed). Keyed by the stable keys; the failure as structured data (the facet, the outcome, the
 * value found), never a sentence. `element_step_id` is the element in this version (new, resolved) or
 * in `from_version_id` (removed).
 */
export const findingChanges = pgTable(
  'finding_changes',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    specificationKey: text('specification_key').notNull(),
    requirementKey: text('requirement_key').notNull(),
    kind: smallint('kind').notNull(),
    elementStepId: integer('element_step_id').notNull(),
    elementKey: text('element_key').notNull(),
    /** The requirement facet's index; null when the element fails the (prohibited) specification itself. */
    facetIndex: integer('facet_index'),
    facetType: text('facet_type'),
    outcome: text('outcome'),
    actualValue: text('actual_value'),
  },
  (t) => [
    primaryKey({ columns: [t.fileVersionId, t.requirementKey, t.kind, t.elementStepId] }),
    index('finding_changes_specification_idx').on(
      t.fileVersionId,
      t.specificationKey,
      t.kind,
      t.elementStepId,
    ),
  ],
);
