import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide settings an admin changes in Settings > Performance Settings (issue 13). */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
