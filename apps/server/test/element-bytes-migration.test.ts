/**
 * Decision 0437 stores a version's elements and results in fewer bytes. What changes shape:
 * `elements.property_hash`, the engine's 24 hexadecimal digits, is stored as their 12 bytes; the
 * migration converts the rows stored as text. Readers take the digits back with
 * `encode(property_hash, 'hex')`. Expected values come from the engine reading the same file
 * (packages/ids `describeElements`), not from the server's storage. The indexes each partition is left
 * with are checked against the list the decision gives.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeElements } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db';
import { testBackend } from './support/backends';
import { uploadProcessed } from './support/processed-model';
import { call, type Session, serverWithAccountsForBlock, type TestServer } from './support/server';

const MIGRATION = new URL('../drizzle/0054_element_bytes.sql', import.meta.url);

const backend = testBackend();

describe('elements and results in fewer bytes (decision 0437)', () => {
  let server: TestServer;
  let owner: Session;
  let dir: string;
  let versionId: string;
  /** The engine's fingerprint of each element of the file, by STEP id. */
  let expected: Map<number, string | null>;

  serverWithAccountsForBlock(backend, ['Bea Bytes'], (started, [account]) => {
    server = started;
    owner = account;
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plumbline-element-bytes-'));
    const path = join(dir, 'Office.ifc');
    await generateIfc({ targetBytes: 120_000, seed: 5, out: path });
    const bytes = readFileSync(path);
    const model = readIfc(new Uint8Array(bytes));
    try {
      const signatures = describeElements(model);
      expected = new Map(signatures.stepId.map((id, i) => [id, signatures.propertyHash[i] ?? null]));
    } finally {
      model.dispose();
    }
    const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Byte Block' })).json()
      .project.id as string;
    ({ versionId } = await uploadProcessed(server, owner, projectId, 'Office.ifc', bytes));
  }, 300_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function storedHashes(): Promise<Map<number, string | null>> {
    const rows = await rowsOf<{ stepId: number; hash: string | null }>(
      server.database.db,
      sql`select step_id as "stepId", encode(property_hash, 'hex') as hash from elements
          where file_version_id = ${versionId}`,
    );
    return new Map(rows.map((r) => [Number(r.stepId), r.hash]));
  }

  async function columnType(): Promise<string | undefined> {
    const [row] = await rowsOf<{ type: string }>(
      server.database.db,
      sql`select data_type as type from information_schema.columns
          where table_name = 'elements' and column_name = 'property_hash'`,
    );
    return row?.type;
  }

  it('stores each fingerprint as its bytes and reads back the engine digits', async () => {
    expect([...expected.values()].filter((h) => h !== null).length).toBeGreaterThan(50);
    expect(await columnType()).toBe('bytea');
    expect(await storedHashes()).toEqual(expected);
    const [size] = await rowsOf<{ bytes: number }>(
      server.database.db,
      sql`select max(octet_length(property_hash))::int as bytes from elements where file_version_id = ${versionId}`,
    );
    expect(size?.bytes).toBe(12);
  });

  it('converts fingerprints stored as text by an earlier version of the server', async () => {
    const { db } = server.database;
    // The column as it was before the migration: the digits as text.
    await db.execute(
      sql.raw(`alter table elements alter column property_hash type text using encode(property_hash, 'hex')`),
    );
    const [text] = await rowsOf<{ hash: string }>(
      db,
      sql`select property_hash as hash from elements
          where file_version_id = ${versionId} and property_hash is not null limit 1`,
    );
    expect(text?.hash).toMatch(/^[0-9a-f]{24}$/);
    expect(await columnType()).toBe('text');
    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const convert = statements.find((s) => s.includes('"property_hash" SET DATA TYPE bytea'));
    if (!convert) throw new Error('the migration does not convert property_hash');
    await db.execute(sql.raw(convert));
    expect(await columnType()).toBe('bytea');
    expect(await storedHashes()).toEqual(expected);
  });

  it("leaves each version's partitions the indexes the decision lists", async () => {
    const rows = await rowsOf<{ table: string; definition: string }>(
      server.database.db,
      sql`select t.relname as table, pg_get_indexdef(x.indexrelid) as definition
          from pg_index x join pg_class t on t.oid = x.indrelid
          where t.relname in (plumbline_version_partition('elements', ${versionId}::uuid),
                              plumbline_version_partition('element_results', ${versionId}::uuid))
          order by 1, 2`,
    );
    const columns = rows.map((r) => ({
      table: r.table.replace(/_[0-9a-f]{32}$/, ''),
      columns: /\(([^)]*)\)/.exec(r.definition)?.[1],
      unique: /UNIQUE/.test(r.definition),
      ...(/USING hash/.test(r.definition) ? { hash: true } : {}),
    }));
    expect(columns).toEqual([
      { table: 'element_results', columns: 'specification_id, element_step_id', unique: false },
      { table: 'elements', columns: 'global_id', unique: false, hash: true },
      { table: 'elements', columns: 'step_id', unique: false },
    ]);
  });
});
