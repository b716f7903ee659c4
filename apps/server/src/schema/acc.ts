import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

export const accFlow = pgEnum('acc_flow', ['project_create', 'project_reconnect']);

/**
 * One Autodesk sign-in (spec 1 §4 'ACC session context'): started by the browser with its own session
 * id, bound to the signed-in user. `state` and the PKCE verifier are single-use and cleared by the
 * callback; the tokens it yields are sealed (AES-256-GCM, decision 0154). Valid for 30 minutes.
 */
export const accSessions = pgTable(
  'acc_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flow: accFlow('flow').notNull().default('project_create'),
    /** For project_reconnect: the project whose connection the tokens replace. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    returnPath: text('return_path'),
    /** SHA-256 of the OAuth state; null once the callback has used it. */
    stateHash: text('state_hash'),
    codeVerifier: text('code_verifier'),
    tokens: text('tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (t) => [index('acc_sessions_state_hash_idx').on(t.stateHash), index('acc_sessions_user_idx').on(t.userId)],
);

/** The ACC project a Plumbline project imports from, with the connection its syncs use (sealed tokens). */
export const accProjectLinks = pgTable('acc_project_links', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  hubId: text('hub_id').notNull(),
  accProjectId: text('acc_project_id').notNull(),
  accProjectName: text('acc_project_name').notNull(),
  /** Whose Autodesk account the tokens belong to. */
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  tokens: text('tokens').notNull(),
  /** When the refresh token was last refused: syncs stop until someone re-authorises. */
  reauthRequiredAt: timestamp('reauth_required_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * An Autodesk webhook (`dm.version.added`) on a folder holding a project's linked ACC files (issue 30
 * item 5, decision 0360): Autodesk calls PUBLIC_URL back when a version is published there. The hook's
 * secret is never stored: it is derived from SESSION_SECRET and the hook id (modules/acc/runtime.ts).
 * Autodesk keeps one hook per folder and callback URL, so projects linked to files of the same folder
 * share it: a hook id may appear on several rows, and its callback queues each of their imports.
 */
export const accVersionHooks = pgTable(
  'acc_version_hooks',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').notNull(),
    hookId: text('hook_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.folderId] }),
    index('acc_version_hooks_hook_idx').on(t.hookId),
  ],
);
