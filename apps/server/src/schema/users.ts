import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const accountRole = pgEnum('account_role', ['user', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed; the unique index is on the stored value. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: accountRole('role').notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    /** A data URL: the 400×400 JPEG the avatar upload made (spec 2 §5: stored as base64). */
    avatarUrl: text('avatar_url'),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /**
     * The language the user reads Plumbline in (`en`, `de`, `fr`, `nl`): the web app's, and that of mails
     * sent to them; at sign-up the browser's (Accept-Language), then the Settings choice (issue 31).
     */
    language: text('language').notNull().default('en'),
    /** The Settings toggle: off, no mail is sent to this user. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** An account of the installation itself (the demo project's owner): no password, never signs in. */
    isSystem: boolean('is_system').notNull().default(false),
    /** When the owner of the address proved it (the link of the verification mail); null: unverified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_language_known', sql`${t.language} in ('en', 'de', 'fr', 'nl')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/**
 * Failed sign-ins by key (`pair:<e-mail>|<address>`, `account:<e-mail>`, `address:<address>`), for the
 * growing delays of modules/auth/throttle.ts. In the database, so they hold across restarts and servers.
 */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});

/**
 * The links of verification mails. Only the SHA-256 of the token is stored; a token is used once
 * (`used_at`) and expires (modules/auth/verification.ts).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: a verification proves this address, not a later one. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_unique').on(t.tokenHash),
    index('email_verifications_user_id_idx').on(t.userId),
  ],
);
