import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of request budgets (sign-ups per address and per e-mail, metadata export
 * cooldowns), in the database so that every API server counts against the same budget
 * (modules/ratelimit, decision 0163). A window older than its length starts over at the next hit.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
