import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bimFiles, fileVersions } from './files';
import { projects } from './projects';
import { users } from './users';

/**
 * An approved exception (issue 32, decision 0268): a failure accepted on purpose, for one element, every
 * element of a type object, every element of a storey, or the whole specification, against one
 * requirement (`requirement_key`; null: every requirement of the specification) of one file. Keyed by
 * the stable keys of issue 30, never a row id, so it carries to the file's later versions.
 * `fingerprint` is the failures it was granted against: when they change, it needs review.
 */
export const waivers = pgTable(
  'waivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    bimFileId: uuid('bim_file_id')
      .notNull()
      .references(() => bimFiles.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<'element' | 'type' | 'storey' | 'specification'>().notNull(),
    specificationKey: text('specification_key').notNull(),
    /** The specification's name when requested (data, shown in lists after the IDS changed). */
    specificationName: text('specification_name').notNull(),
    requirementKey: text('requirement_key'),
    /** The requirement facet's index when requested (to describe it); the key is what matches. */
    facetIndex: integer('facet_index'),
    /** What the scope names: the element's key, the type object's name, the storey's name; null for a specification. */
    subject: text('subject'),
    /** The element's GlobalId, name or class as the requester saw it (data). */
    subjectLabel: text('subject_label'),
    reason: text('reason').notNull(),
    reference: text('reference'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    state: text('state')
      .$type<'requested' | 'approved' | 'rejected' | 'expired' | 'needs_review'>()
      .notNull(),
    fingerprint: text('fingerprint').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('waivers_project_state_idx').on(t.projectId, t.state),
    index('waivers_file_idx').on(t.bimFileId),
    check('waivers_scope_known', sql`${t.scope} in ('element', 'type', 'storey', 'specification')`),
    check(
      'waivers_state_known',
      sql`${t.state} in ('requested', 'approved', 'rejected', 'expired', 'needs_review')`,
    ),
    check('waivers_reason_length', sql`char_length(${t.reason}) between 1 and 2000`),
  ],
);

/**
 * The element × specification results an approved waiver covers on a version (every failure of the
 * result), written by waivers/apply.ts: the `waived` input of the one status rule
 * (`compliance_status_rank`, compliance/status.ts).
 */
export const waivedResults = pgTable(
  'waived_results',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    specificationId: uuid('specification_id').notNull(),
    elementStepId: integer('element_step_id').notNull(),
    waiverId: uuid('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.fileVersionId, t.specificationId, t.elementStepId] }),
    index('waived_results_waiver_idx').on(t.waiverId),
  ],
);
