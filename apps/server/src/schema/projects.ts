import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const projectRole = pgEnum('project_role', ['Admin', 'Editor', 'Viewer']);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /**
     * The project's owner: always one of its Admins; cannot be removed or demoted, is the only one who
     * may change or remove other Admins, and may hand the ownership to another Admin.
     */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastProcessedAt: timestamp('last_processed_at', { withTimezone: true }),
    /** The sample project of /demo: anyone may read it, nobody may change it (spec 2 §6). */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * The language of the project's reports and mails; null: each in the language of whoever asks for
     * the report or receives the mail (issue 31).
     */
    language: text('language'),
    /** Whether a project Admin may approve their own waiver request (issue 32; for one-person teams). */
    waiverSelfApproval: boolean('waiver_self_approval').notNull().default(false),
  },
  (t) => [
    check('projects_language_known', sql`${t.language} in ('en', 'de', 'fr', 'nl')`),
    check('projects_name_length', sql`char_length(${t.name}) between 1 and 255`),
    check('projects_description_length', sql`char_length(${t.description}) <= 1000`),
  ],
);

/**
 * A counter per project that every committed change to what its read answers are made of raises
 * (decision 0452): triggers on those tables, deferred to commit, so any writer (a route, a job, a
 * worker process) raises it in the same transaction as its change. Kept answers are keyed by it. No
 * foreign key: a trigger at commit may count a project its transaction deleted.
 */
export const projectRevisions = pgTable('project_revisions', {
  projectId: uuid('project_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: projectRole('role').notNull(),
    /** Mail when a version's comparison is stored: every version, regressions only (new failures), none. */
    changesMail: text('changes_mail').notNull().default('every'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('project_members_changes_mail', sql`${t.changesMail} in ('every', 'regressions', 'none')`),
    uniqueIndex('project_members_project_user_unique').on(t.projectId, t.userId),
    index('project_members_user_id_idx').on(t.userId),
  ],
);

/**
 * An e-mail address asked to join a project and not yet a member: an address without a verified
 * account, or a verified account asked to be an Admin (which needs that person's acceptance). It becomes
 * a membership when the verified owner of the address accepts; revoking or declining deletes it.
 */
export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased like users.email. */
    email: text('email').notNull(),
    role: projectRole('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('project_invitations_project_email_unique').on(t.projectId, t.email),
    index('project_invitations_email_idx').on(t.email),
    check('project_invitations_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);
