import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Who changed a verdict, a rule or an access, when, and the before and after (decision 0265). Append
 * only: a trigger refuses deletes and any change to a chained row (migration 0042), and each row
 * carries the SHA-256 of its canonical JSON and of the row before it (`seq` order), so an edit made
 * past the trigger shows when the chain is checked (`npm run audit:verify`). No foreign keys: a
 * deleted user or project must not rewrite the trail (ON DELETE SET NULL would).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The queue job that wrote the row: a retried job never writes twice. */
    jobId: text('job_id'),
    actorId: uuid('actor_id'),
    projectId: uuid('project_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Position in the chain (1, 2, 3…); null only for rows written before the chain existed, until chained. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_log_job_id_unique').on(t.jobId),
    uniqueIndex('audit_log_seq_unique').on(t.seq),
    index('audit_log_project_at_idx').on(t.projectId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** The chain's newest link: one row (id 1), locked by every append so that concurrent writers queue. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
