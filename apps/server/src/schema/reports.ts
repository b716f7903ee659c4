import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bimFiles } from './files';
import { projects } from './projects';
import { users } from './users';

/** Generated reports (spec 2 §3 Report): queued, rendered by the report.generate job, stored as a file. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** One file of the project; null: every included file. */
    fileId: uuid('file_id').references(() => bimFiles.id, { onDelete: 'set null' }),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    /** BCF only: 'type' or 'element' topics. */
    bcfGrouping: text('bcf_grouping'),
    /** BCF only: the BCF-XML release, '2.1' or '3.0'. */
    bcfVersion: text('bcf_version'),
    /** BCF only: the model's validity findings as topics of their own too (issue 38). */
    bcfValidity: boolean('bcf_validity'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    /** Why it failed: a code of reportFailureCodeSchema (never a sentence: rendered at display, issue 31). */
    failureCode: text('failure_code'),
    /** generation_failed: the failure's technical detail (an exception's text), shown as data. */
    failureDetail: text('failure_detail'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Deleted reports stay counted against the month's limit; their file is removed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('reports_project_created_idx').on(t.projectId, t.createdAt)],
);
