/**
 * Issue 30's acceptance: a v2 derived from a generated v1 by known edits (a property removed from N
 * walls, added to M, K walls deleted, L added, the GlobalIds of a subset regenerated) is reported as
 * exactly N new, M resolved, K removed and L added, by the server's stored history and by
 * `plumbline compare` alike, with at least 99 % of the regenerated elements matched by content. The
 * expected values come from the edits (packages/ifc-gen/src/edit, on the STEP text, no engine code).
 * Also: ten uploads of one model add no history rows; a corrected IDS uploaded as a revision keeps
 * the history of every unchanged requirement.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '@plumbline/ids/cli';
import { bcfSchemaErrors, haveBcfSchemas } from '@plumbline/ids/testing/bcf-xsd';
import { generateIfc } from '@plumbline/ifc-gen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { processFileVersion } from '../src/modules/processing/service';
import { storageKeys } from '../src/modules/storage/keys';
import { rowsOf } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { type Derived, deriveVersions, IDS_V1, IDS_V2, K, L, M, N } from './support/derived-versions';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion } from './support/unqueued-version';

const [backend] = testBackends();
if (!backend) throw new Error('no test backend');

describe('finding history across versions (issue 30)', () => {
  let server: TestServer;
  let owner: Session;
  let dir: string;
  let derived: Derived;
  const logs: string[] = [];

  beforeAll(async () => {
    // The log also goes to the run's log directory, which global-setup.ts checks for secrets.
    const logFile = join(inject('testLogDir'), `${randomUUID()}.log`);
    const write = (line: string) => {
      logs.push(line);
      appendFileSync(logFile, line);
    };
    server = await startTestServer(backend, {}, { logs: { write } });
    owner = await signUp(server, 'Hana History');
    dir = mkdtempSync(join(tmpdir(), 'plumbline-history-'));
    derived = await deriveVersions(dir);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function newProject(name: string) {
    return (await call(server, owner, 'POST', '/api/v1/projects', { name })).json().project.id as string;
  }

  type Version = { fileId: string; versionId: string };

  /** Uploads a model version and waits until it (and any re-check) is written. */
  async function uploadVersion(projectId: string, name: string, bytes: Buffer | string): Promise<Version> {
    const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
    expect(res.statusCode).toBe(201);
    const { bim_file: file, version } = res.json();
    await waitCompleted(projectId, file.id);
    return { fileId: file.id as string, versionId: version.id as string };
  }

  async function waitCompleted(projectId: string, fileId: string) {
    await eventually(async () => {
      const files = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json()
        .bim_files;
      const file = files.find((f: { id: string }) => f.id === fileId);
      if (file?.status === 'failed') throw new Error(`processing failed\n${errorLines()}`);
      return file?.status === 'completed' && !file.rechecking;
    });
  }

  function errorLines(): string {
    return logs
      .filter((l) => /"level":(50|40)/.test(l))
      .slice(-5)
      .join('\n');
  }

  async function changesByKind(versionId: string) {
    const rows = await rowsOf<{
      kind: number;
      elementKey: string;
      requirementKey: string;
      specificationKey: string;
    }>(
      server.database.db,
      sql`select kind, element_key as "elementKey", requirement_key as "requirementKey", specification_key as "specificationKey"
          from finding_changes where file_version_id = ${versionId} order by kind, element_key`,
    );
    const keys = (kind: number) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => r.elementKey)
        .sort();
    return { rows, new: keys(1), resolved: keys(2), removed: keys(3) };
  }

  async function runCompare(format: 'json' | 'bcf', out?: string) {
    let stdout = '';
    const code = await runCli(
      [
        'compare',
        derived.v1,
        derived.v2,
        join(dir, 'rules.ids'),
        '--format',
        format,
        ...(out ? ['--out', out] : []),
      ],
      {
        stdout: {
          write: (chunk) => {
            stdout += String(chunk);
          },
        },
        stderr: { write: () => {} },
        env: {},
        cwd: dir,
      },
    );
    return { code, stdout };
  }

  /**
   * A project with IDS_V1 and the derived v1 then v2 uploaded as versions of one file, made once: the
   * first test reads it, the last one then replaces its IDS by a revision (each processing of the pair
   * is seconds of CPU; the ten uploads and the out-of-order versions need projects of their own).
   */
  let tower: Promise<{ projectId: string; idsFileId: string; first: Version; second: Version }> | null = null;
  function towerProject() {
    tower ??= (async () => {
      const projectId = await newProject('Derived versions');
      const idsUpload = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/idsfiles`,
        'rules.ids',
        IDS_V1,
      );
      expect(idsUpload.statusCode).toBe(201);
      const first = await uploadVersion(projectId, 'Tower.ifc', await readFile(derived.v1));
      const second = await uploadVersion(projectId, 'Tower.ifc', await readFile(derived.v2));
      return { projectId, idsFileId: idsUpload.json().ids_file.id as string, first, second };
    })();
    return tower;
  }

  it('stores exactly the edits as history, and plumbline compare reports the same', async () => {
    const { projectId, first, second } = await towerProject();
    writeFileSync(join(dir, 'rules.ids'), IDS_V1);
    expect(second.fileId).toBe(first.fileId);

    // The stored history: the changed findings keyed by the elements' stable keys (v1's GlobalIds,
    // carried over the regenerated ones).
    const stored = await changesByKind(second.versionId);
    expect(stored.new).toEqual([...derived.lost].sort());
    expect(stored.resolved).toEqual([...derived.given].sort());
    expect(stored.removed).toEqual([...derived.deleted].sort());
    const [header] = await rowsOf<{
      added: number;
      removed: number;
      content: number;
      global: number;
      fromId: string;
    }>(
      server.database.db,
      sql`select added_elements as added, removed_elements as removed, matched_by_content as content,
            matched_by_global_id as global, from_version_id as "fromId"
          from version_comparisons where file_version_id = ${second.versionId}`,
    );
    expect(header?.fromId).toBe(first.versionId);
    expect(header?.added).toBe(L);
    expect(header?.removed).toBe(K);
    expect(derived.regenerated).toBeGreaterThan(100);
    expect(header?.content).toBeGreaterThanOrEqual(Math.ceil(0.99 * derived.regenerated));
    expect(header?.content).toBeLessThanOrEqual(derived.regenerated);

    // The hook (history.comparison-stored) ran once for the stored comparison, with its counts.
    const announced = await eventually(async () => {
      const lines = logs.filter(
        (l) => l.includes('version comparison stored') && l.includes(second.versionId),
      );
      return lines.length > 0 ? lines.map((l) => JSON.parse(l)) : null;
    });
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      projectId,
      fileId: first.fileId,
      fromVersionId: first.versionId,
      toVersionId: second.versionId,
      cause: 'processed',
      counts: { new: N, resolved: M, removed: K },
    });

    // The API: latest against previous by default, counts per specification and the paged lists.
    const base = `/api/v1/projects/${projectId}/bimfiles/${first.fileId}`;
    const comparison = (await call(server, owner, 'GET', `${base}/comparison`)).json().comparison;
    expect(comparison.source).toBe('stored');
    expect(comparison.to_version.id).toBe(second.versionId);
    expect(comparison.elements).toEqual({
      matched_by_global_id: header?.global,
      matched_by_content: header?.content,
      added: L,
      removed: K,
    });
    const fr1 = comparison.specifications.find((s: { identifier: string }) => s.identifier === 'FR-1');
    expect(fr1.counts.new).toBe(N);
    expect(fr1.counts.resolved).toBe(M);
    expect(fr1.counts.removed).toBe(K);
    const listed = (
      await call(
        server,
        owner,
        'GET',
        `${base}/comparison/changes?specification_key=${fr1.key}&kind=new&page_size=3`,
      )
    ).json();
    expect(listed.total).toBe(N);
    expect(listed.changes).toHaveLength(3);
    const all = (
      await call(server, owner, 'GET', `${base}/comparison/changes?specification_key=${fr1.key}&kind=new`)
    ).json();
    expect(all.changes.map((c: { global_id: string }) => c.global_id).sort()).toEqual(
      [...derived.lostNow].sort(),
    );
    expect(all.changes[0]).toMatchObject({
      kind: 'new',
      ifc_class: 'IFCWALL',
      reason: { outcome: 'absent', facet_index: 0 },
    });

    // The same pair computed on request (not from the stored rows) agrees with the stored one.
    const computed = (
      await call(server, owner, 'GET', `${base}/comparison?from=${first.versionId}&to=${second.versionId}`)
    ).json();
    expect(computed.comparison.source).toBe('stored');
    const reverse = (
      await call(server, owner, 'GET', `${base}/comparison?from=${second.versionId}&to=${first.versionId}`)
    ).json().comparison;
    expect(reverse.source).toBe('computed');
    // Backwards, the given walls lose their rating, the lost ones get it back, and the deleted walls
    // come back failing (new); the added walls go, passing.
    const reversed = reverse.specifications.find((s: { identifier: string }) => s.identifier === 'FR-1');
    expect(reversed.counts).toMatchObject({ new: M + K, resolved: N, removed: 0 });

    // plumbline compare on the same files: the same counts, the new failures by their v2 GlobalIds.
    const cli = await runCompare('json');
    expect(cli.code).toBe(1);
    const report = JSON.parse(cli.stdout);
    const cliFr1 = report.specifications.find((s: { identifier: string }) => s.identifier === 'FR-1');
    expect(cliFr1.new.map((e: { globalId: string }) => e.globalId).sort()).toEqual(
      [...derived.lostNow].sort(),
    );
    expect(cliFr1.resolved).toHaveLength(M);
    expect(cliFr1.removed).toHaveLength(K);
    expect(cliFr1.persisting).toBe(fr1.counts.persisting);
    expect(cliFr1.new[0].reason).toContain('FireRating');
    expect(report.elements).toEqual({
      matchedByGlobalId: header?.global,
      matchedByContent: header?.content,
      added: L,
      removed: K,
    });

    // Its BCF of the new failures: one topic per element, valid against the official XSDs.
    if (haveBcfSchemas()) {
      const out = join(dir, 'new.bcf');
      expect((await runCompare('bcf', out)).code).toBe(1);
      expect(
        await bcfSchemaErrors([{ name: 'new.bcf', bytes: new Uint8Array(await readFile(out)) }]),
      ).toEqual([]);
    }
  }, 900_000);

  it('compares a version again with the one before it when they completed out of order', async () => {
    const projectId = await newProject('Out of order');
    await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'rules.ids', IDS_V1);
    const { fileId, versionId: v1 } = await storeUnqueuedVersion(
      server,
      projectId,
      'Late.ifc',
      await readFile(derived.v1),
    );
    const v2 = randomUUID();
    const key = storageKeys.bimFileVersion(projectId, v2);
    const stored = await server.storage.putStream(key, Readable.from([await readFile(derived.v2)]));
    await server.database.db.insert(fileVersions).values({
      id: v2,
      bimFileId: fileId,
      versionNumber: 2,
      versionTag: 'v2',
      sizeBytes: stored.size,
      sha256: stored.sha256,
      storageKey: key,
    });
    const deps = {
      db: server.database.db,
      storage: server.storage,
      clock: server.clock,
      logger: createLogger('silent'),
      jobs: server.queue,
    };
    // v2 first: nothing completed before it, so nothing to compare with.
    expect((await processFileVersion(deps, v2)).status).toBe('completed');
    expect(await changesByKind(v2)).toMatchObject({ rows: [] });
    // Then v1: v2's comparison must now be with v1, made again by the history.recompare job.
    expect((await processFileVersion(deps, v1)).status).toBe('completed');
    await eventually(async () => {
      const [row] = await rowsOf<{ fromId: string }>(
        server.database.db,
        sql`select from_version_id as "fromId" from version_comparisons where file_version_id = ${v2}`,
      );
      return row?.fromId === v1;
    });
    const changes = await changesByKind(v2);
    expect(changes.new).toEqual([...derived.lost].sort());
    expect(changes.resolved).toEqual([...derived.given].sort());
    expect(changes.removed).toEqual([...derived.deleted].sort());
  }, 900_000);

  it('adds no history rows for ten uploads of the same model', async () => {
    const projectId = await newProject('Same model ten times');
    await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'rules.ids', IDS_V1);
    const small = join(dir, 'small.ifc');
    await generateIfc({ targetBytes: 200_000, seed: 12, out: small });
    const bytes = await readFile(small);
    let fileId = '';
    for (let i = 0; i < 10; i++) fileId = (await uploadVersion(projectId, 'Same.ifc', bytes)).fileId;
    const [counts] = await rowsOf<{
      versions: number;
      comparisons: number;
      changes: number;
      nonzero: number;
    }>(
      server.database.db,
      sql`select (select count(*)::int from file_versions where bim_file_id = ${fileId}) as versions,
            (select count(*)::int from version_comparisons vc join file_versions v on v.id = vc.file_version_id
              where v.bim_file_id = ${fileId}) as comparisons,
            (select count(*)::int from finding_changes c join file_versions v on v.id = c.file_version_id
              where v.bim_file_id = ${fileId}) as changes,
            (select count(*)::int from version_comparisons vc join file_versions v on v.id = vc.file_version_id
              where v.bim_file_id = ${fileId} and (vc.new_count + vc.resolved_count + vc.removed_count) > 0) as nonzero`,
    );
    expect(counts).toEqual({ versions: 10, comparisons: 9, changes: 0, nonzero: 0 });
  }, 900_000);

  it('keeps the history of every unchanged requirement when the IDS is replaced by a revision', async () => {
    // The first test's project (only read there): v1 and v2 checked against IDS_V1.
    const { projectId, idsFileId, second } = await towerProject();
    const idsBase = `/api/v1/projects/${projectId}/idsfiles`;
    const listedBefore = (await call(server, owner, 'GET', idsBase)).json().ids_files;
    const original = listedBefore.find((f: { id: string }) => f.id === idsFileId);
    expect(original).toMatchObject({ revision: 1, is_active: true });
    const before = await changesByKind(second.versionId);
    expect(before.new).toHaveLength(N);

    // A plain upload of the corrected file is recognised as a revision when asked to.
    const asked = await upload(server, owner, `${idsBase}?on_match=ask`, 'rules.ids', IDS_V2);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: 'ids_revision_suggested',
      fields: { ids_file_id: original.id },
    });
    const replaced = await upload(server, owner, `${idsBase}/${original.id}/revisions`, 'rules.ids', IDS_V2);
    expect(replaced.statusCode).toBe(201);
    const revision = replaced.json().ids_file;
    expect(revision).toMatchObject({
      lineage_id: original.lineage_id,
      revision: 2,
      revisions_count: 2,
      is_active: true,
    });
    const listed = (await call(server, owner, 'GET', idsBase)).json().ids_files;
    expect(listed.map((f: { id: string }) => f.id)).toEqual([revision.id]);
    const revisions = (await call(server, owner, 'GET', `${idsBase}/${revision.id}/revisions`)).json()
      .revisions;
    expect(revisions.map((r: { revision: number; is_active: boolean }) => [r.revision, r.is_active])).toEqual(
      [
        [2, true],
        [1, false],
      ],
    );

    // The re-check of v2 against the revision: FR-1's requirement kept its key and its history;
    // FR-2's changed requirement has a new key, not compared with v1 (no new failures from the edit).
    const fileId = second.fileId;
    await waitCompleted(projectId, fileId);
    const after = await changesByKind(second.versionId);
    expect(after.rows).toEqual(before.rows);
    const comparison = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/comparison`)
    ).json().comparison;
    const fr2 = comparison.specifications.find((s: { identifier: string }) => s.identifier === 'FR-2');
    expect(fr2.counts.new).toBe(0);
    expect(fr2.uncompared).toBeGreaterThan(0);
  }, 900_000);
});
