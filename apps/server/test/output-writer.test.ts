/**
 * The one writer of processing output (decision 0186): what `replaceVersionRows` writes with COPY
 * reads back from PostgreSQL as it was given, for the values COPY's text format and array literals
 * must escape, and a second write of the same version replaces the first.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { replaceVersionRows } from '../src/modules/processing/output-writer';
import { rowsOf } from '../src/platform/db';
import { testBackends } from './support/backends';
import { type TestServer, testServerForBlock } from './support/server';

/** A table of the shape processing writes, created for this test only (temporary, per connection). */
const probe = pgTable('output_writer_probe', {
  fileVersionId: uuid('file_version_id').notNull(),
  position: integer('position').notNull(),
  label: text('label'),
  values: text('values').array().notNull(),
});

const awkward = [
  'plain',
  'a,b',
  '{braces}',
  'say "hi"',
  'back\\slash',
  'tab\there',
  'two\nlines',
  'NULL',
  ' ',
  '',
];

for (const backend of testBackends()) {
  describe(`the processing output writer (${backend.name})`, () => {
    let server: TestServer;
    testServerForBlock(backend, (started) => {
      server = started;
    });

    it('writes text, nulls and text arrays that read back unchanged, and replaces a version', async () => {
      const versionId = '00000000-0000-4000-8000-000000000186';
      await server.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`create temporary table output_writer_probe
            (file_version_id uuid not null, position int not null, label text, "values" text[] not null)`);
          await replaceVersionRows(tx, probe, versionId, {
            position: [0],
            label: ['first write'],
            values: [['gone']],
          });
          const written = await replaceVersionRows(tx, probe, versionId, {
            position: awkward.map((_, i) => i),
            label: awkward.map((value, i) => (i % 3 === 0 ? null : value)),
            values: awkward.map((value, i) => (i === 0 ? [] : [value, ...awkward.slice(0, i)])),
          });
          expect(written).toBe(awkward.length);
          const rows = await rowsOf<{ position: number; label: string | null; values: string[] }>(
            tx,
            sql`select position, label, "values" from output_writer_probe
                where file_version_id = ${versionId} order by position`,
          );
          expect(rows).toEqual(
            awkward.map((value, i) => ({
              position: i,
              label: i % 3 === 0 ? null : value,
              values: i === 0 ? [] : [value, ...awkward.slice(0, i)],
            })),
          );
          await expect(
            replaceVersionRows(tx, probe, versionId, { position: [1, 2], label: [null], values: [[], []] }),
          ).rejects.toThrow('unequal length');
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
    });
  });
}

class RollBack extends Error {}
