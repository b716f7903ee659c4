import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

export const apiTokenKind = pgEnum('api_token_kind', ['personal', 'project']);
export const apiTokenScope = pgEnum('api_token_scope', ['read', 'write', 'admin']);

/**
 * API tokens (decision 0266). Like sessions, only the SHA-256 of the token is stored. A token acts as
 * `user_id` (its owner; for a project token, the Admin who made it) within its scope, and a project
 * token only in `project_id`. Revoked tokens stay listed, with who revoked them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: apiTokenKind('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: apiTokenScope('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The kind prefix and the first characters of the secret (`plb_pat_Ab3d`), to tell tokens apart. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    index('api_tokens_project_idx').on(t.projectId),
  ],
);

/**
 * Sign-ins through an OpenID provider (decision 0267): the provider's `sub` for its issuer names the
 * account; the first sign-in links it by verified e-mail.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);
