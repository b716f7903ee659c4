import type { SchemaSubstitution } from '@plumbline/ifc';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

export const fileVersionStatus = pgEnum('file_version_status', [
  'pending',
  'processing',
  'completed',
  'failed',
]);
export const bimFileSource = pgEnum('bim_file_source', ['upload', 'acc']);

/** A model file of a project (one logical file; its uploads are file_versions). */
export const bimFiles = pgTable(
  'bim_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceFilename: text('source_filename').notNull(),
    source: bimFileSource('source').notNull().default('upload'),
    /**
     * Whether the file belongs to the project (manage files, spec 2 §2.3). Excluded files keep their
     * versions but are left out of the project's totals, the overview and the file pickers.
     */
    included: boolean('included').notNull().default(true),
    /** The Autodesk item this file is imported from (source 'acc'); a sync adds its new versions here. */
    accItemId: text('acc_item_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bim_files_project_id_idx').on(t.projectId),
    // An upload with a name the project already has becomes a new version of that file.
    uniqueIndex('bim_files_project_name_unique').on(t.projectId, t.name),
    uniqueIndex('bim_files_project_acc_item_unique').on(t.projectId, t.accItemId),
  ],
);

/** One stored upload of a BIM file; the processing pipeline moves it through its statuses. */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bimFileId: uuid('bim_file_id')
      .notNull()
      .references(() => bimFiles.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    versionTag: text('version_tag').notNull(),
    status: fileVersionStatus('status').notNull().default('pending'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    elementsCount: integer('elements_count'),
    /** Why it failed (status failed): a VersionFailureCode of packages/contracts; null otherwise. */
    errorCode: text('error_code'),
    /** The failure's values (VersionFailureParams): numbers, and `detail`, a text from outside. */
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the results were last written: processing, or a re-check after the IDS files changed. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When a re-check was queued and not yet written (the IDS rules changed); null when none is due. */
    recheckQueuedAt: timestamp('recheck_queued_at', { withTimezone: true }),
    /** The Autodesk version this one was imported from; unique per file, so a sync never imports it twice. */
    accVersionId: text('acc_version_id'),
    /** The IFC header's FILE_NAME name and time stamp, and the IfcProject GlobalId (BCF headers). */
    ifcHeaderFileName: text('ifc_header_file_name'),
    ifcHeaderTimeStamp: text('ifc_header_time_stamp'),
    ifcProjectGlobalId: text('ifc_project_global_id'),
    /** The schema the model was read with, and its FILE_SCHEMA when that was read as another (issue 14). */
    ifcSchema: text('ifc_schema'),
    ifcSchemaSubstitution: jsonb('ifc_schema_substitution').$type<SchemaSubstitution>(),
    /**
     * What the stored results were made from (processing/reuse-key.ts): the model's SHA-256, the IDS
     * revisions checked against and the engine's version, hashed. A later version of the project with
     * the same key copies these results instead of checking again (decision 0433); null when failed
     * or processed before it.
     */
    resultKey: text('result_key'),
    /**
     * The explorer file of another version this one's rows were copied from (decision 0433): shared,
     * not copied; null when the version has its own (storageKeys.explorerRows) or none.
     */
    explorerFileKey: text('explorer_file_key'),
  },
  (t) => [
    uniqueIndex('file_versions_file_version_unique').on(t.bimFileId, t.versionNumber),
    uniqueIndex('file_versions_acc_version_unique').on(t.bimFileId, t.accVersionId),
    // A model's bytes are stored once and shared (decision 0424): a delete asks whether any version
    // still references them.
    index('file_versions_storage_key_idx').on(t.storageKey),
    index('file_versions_result_key_idx').on(t.resultKey),
    index('file_versions_explorer_file_key_idx').on(t.explorerFileKey),
  ],
);
