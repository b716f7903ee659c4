import { bigint, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';

/** pending: queued; converting: a worker holds it; ready: the .frag is stored; failed: see error. */
export const fragmentsStatus = pgEnum('fragments_status', ['pending', 'converting', 'ready', 'failed']);

/**
 * The 3D viewer's copy of a file version: the IFC converted once to That Open fragments by the
 * `fragments.convert` job (decision 0110). Kept apart from file_versions so a slow or failed
 * conversion never touches the version's processing state.
 */
export const fileVersionFragments = pgTable('file_version_fragments', {
  fileVersionId: uuid('file_version_id')
    .primaryKey()
    .references(() => fileVersions.id, { onDelete: 'cascade' }),
  status: fragmentsStatus('status').notNull().default('pending'),
  storageKey: text('storage_key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  /** SHA-256 of the stored .frag: the ETag of the download. */
  sha256: text('sha256'),
  convertMs: integer('convert_ms'),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
