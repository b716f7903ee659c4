import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markRechecksQueued } from '../src/modules/processing/repo';
import { processFileVersion } from '../src/modules/processing/service';
import { createLogger } from '../src/platform/logger';
import {
  bimFiles,
  elementProperties,
  elementResults,
  elements,
  fileVersions,
  idsSpecifications,
  specificationResults,
} from '../src/schema';
import { withElements } from './support/applicable-elements';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion as storeUnqueued } from './support/unqueued-version';

const MAX_UPLOAD_BYTES = 2_000_000;
const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');
const haveSamples = windowsIfc !== null && windowsIds !== null && simpleWall !== null;

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`upload and processing pipeline (${backend.name})`, () => {
    let server: TestServer;
    let editor: Session;
    let viewer: Session;
    let stranger: Session;
    let projectId: string;
    const ifc = windowsIfc as Buffer;
    const ids = windowsIds as Buffer;

    const filesUrl = () => `/api/v1/projects/${projectId}/bimfiles`;
    const idsUrl = () => `/api/v1/projects/${projectId}/idsfiles`;

    async function rowsOf(
      table: typeof elements | typeof elementProperties | typeof elementResults,
      versionId: string,
    ) {
      const [row] = await server.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.fileVersionId, versionId));
      return Number(row?.n);
    }

    async function waitForStatus(fileId: string, wanted: 'completed' | 'failed') {
      return eventually(async () => {
        const status = (await call(server, editor, 'GET', `${filesUrl()}/${fileId}/status`)).json();
        return status.status === wanted ? status : null;
      });
    }

    /** The stored results, by specification name, as the engine's report states them. */
    async function storedResults(versionId: string) {
      const rows = await server.database.db
        .select({
          name: idsSpecifications.name,
          applicable: specificationResults.applicableCount,
          passed: specificationResults.passedCount,
          failed: specificationResults.failedCount,
        })
        .from(specificationResults)
        .innerJoin(idsSpecifications, eq(idsSpecifications.id, specificationResults.specificationId))
        .where(eq(specificationResults.fileVersionId, versionId))
        .orderBy(idsSpecifications.position);
      return rows;
    }

    /** A version stored but not queued, so only the test that made it processes it. */
    const storeUnqueuedVersion = (name: string, status?: 'processing') =>
      storeUnqueued(server, projectId, name, ifc as Buffer, status);

    /** What processFileVersion needs, logging nothing; the engine's path, not a copy (result-reuse.test.ts). */
    function processingDeps() {
      return {
        db: server.database.db,
        storage: server.storage,
        clock: server.clock,
        logger: createLogger('silent'),
        reuse: false,
      };
    }

    beforeAll(async () => {
      server = await startTestServer(backend, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
      editor = await signUp(server, 'Eddie Editor');
      viewer = await signUp(server, 'Vera Viewer');
      stranger = await signUp(server, 'Stan Stranger');
      projectId = (await call(server, editor, 'POST', '/api/v1/projects', { name: 'Window Factory' })).json()
        .project.id;
      const added = await call(server, editor, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: viewer.email,
        role: 'Viewer',
      });
      expect(added.statusCode).toBe(201);
    });
    afterAll(async () => server?.stop());

    it('refuses an invalid IDS with its problems and lines, storing nothing', async () => {
      const broken = ids
        .toString('utf8')
        .replace('<ids:title>Wooden Windows</ids:title>', '<ids:titel>x</ids:titel>');
      const response = await upload(server, editor, idsUrl(), 'broken.ids', broken);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('invalid_ids');
      expect(error.message).toMatch(/^The file is not a valid IDS 1\.0 file\. Line \d+/);
      expect(error.fields['problems.0']).toMatch(/^Line \d+(, column \d+)?: .*titel/);
      expect((await call(server, editor, 'GET', idsUrl())).json().ids_files).toEqual([]);
    });

    it('stores a valid IDS with its specifications and facets; a Viewer may list but not upload', async () => {
      expect((await upload(server, viewer, idsUrl(), 'w.ids', ids)).statusCode).toBe(403);
      const response = await upload(server, editor, idsUrl(), 'IDS_wooden-windows.ids', ids);
      expect(response.statusCode).toBe(201);
      const file = response.json().ids_file;
      expect(file).toMatchObject({
        name: 'IDS_wooden-windows.ids',
        title: 'Wooden Windows',
        is_active: true,
        size_bytes: ids.length,
        specifications_count: 6,
      });
      const listed = (await call(server, viewer, 'GET', idsUrl())).json().ids_files;
      expect(listed).toEqual([file]);
      const [spec] = await server.database.db
        .select()
        .from(idsSpecifications)
        .where(and(eq(idsSpecifications.idsFileId, file.id), eq(idsSpecifications.position, 2)));
      expect(spec?.name).toBe('Deur');
      expect(spec?.applicabilityFacets).toEqual(
        expect.arrayContaining([expect.objectContaining({ facet_type: 'entity', entity_name: 'IFCDOOR' })]),
      );
      const download = await call(server, viewer, 'GET', `${idsUrl()}/${file.id}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(ids)).toBe(true);
    });

    it('uploads an IFC, processes it to completed, and stores what the engine reads and checks', async () => {
      const response = await upload(server, editor, filesUrl(), 'Windows.ifc', ifc);
      expect(response.statusCode).toBe(201);
      const { bim_file: file, version } = response.json();
      expect(version).toMatchObject({ version_tag: 'v1', version_number: 1, size_bytes: ifc.length });
      expect(version.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file).toMatchObject({ name: 'Windows.ifc', version_count: 1, source_version_tag: 'v1' });

      const status = await waitForStatus(file.id, 'completed');
      const model = readIfc(new Uint8Array(ifc));
      const products = [...model.products()];
      expect(status).toMatchObject({ version_id: version.id, elements_count: products.length, error: null });
      expect(await rowsOf(elements, version.id)).toBe(products.length);
      // Its property rows live in its explorer file (what the explorer reads), not in PostgreSQL (0435).
      expect(await rowsOf(elementProperties, version.id)).toBe(0);
      const facets = `${filesUrl()}/${file.id}/metadata/facets`;
      expect((await call(server, editor, 'GET', facets)).json().total_rows).toBeGreaterThan(products.length);

      const report = withElements(checkModel(model, parseIds(ids)), model);
      expect(await storedResults(version.id)).toEqual(
        report.specifications.map((s) => ({
          name: s.name,
          applicable: s.applicableCount,
          passed: s.passedCount,
          failed: s.failedCount,
        })),
      );
      expect(await rowsOf(elementResults, version.id)).toBe(
        report.specifications.reduce((sum, s) => sum + s.elements.length, 0),
      );
      // Each failing element keeps the engine's reasons, per specification.
      const stored = await server.database.db
        .select({
          position: idsSpecifications.position,
          stepId: elementResults.elementStepId,
          passed: elementResults.passed,
          failures: elementResults.failures,
        })
        .from(elementResults)
        .innerJoin(idsSpecifications, eq(idsSpecifications.id, elementResults.specificationId))
        .where(eq(elementResults.fileVersionId, version.id))
        .orderBy(idsSpecifications.position, elementResults.elementStepId);
      const expected = report.specifications
        .flatMap((spec, position) =>
          spec.elements.map((e) => ({ position, stepId: e.id, passed: e.passed, failures: e.failures })),
        )
        .sort((a, b) => a.position - b.position || a.stepId - b.stepId);
      expect(
        stored.map((row) => ({
          position: row.position,
          stepId: row.stepId,
          passed: row.passed,
          failures: row.failures,
        })),
      ).toEqual(expected);
      expect(expected.some((row) => !row.passed && row.failures.length > 0)).toBe(true);
      // The engine's findings as data, exactly; no sentence is stored (issue 31).
      expect(JSON.stringify(stored.map((row) => row.failures))).not.toContain('"reason"');
      model.dispose();

      const list = (await call(server, viewer, 'GET', filesUrl())).json().bim_files;
      expect(list).toEqual([
        expect.objectContaining({
          id: file.id,
          status: 'completed',
          elements_count: products.length,
          error: null,
        }),
      ]);
    });

    it('makes an upload with a known name a new version, each with its own size and hash', async () => {
      const first = await upload(server, editor, filesUrl(), 'Wall.ifc', simpleWall as Buffer);
      const second = await upload(server, editor, filesUrl(), 'Wall.ifc', ifc);
      expect(second.statusCode).toBe(201);
      const fileId = first.json().bim_file.id;
      expect(second.json().bim_file).toMatchObject({
        id: fileId,
        version_count: 2,
        source_version_tag: 'v2',
        latest_size_bytes: ifc.length,
        total_size_bytes: ifc.length + (simpleWall as Buffer).length,
      });
      const versions = (await call(server, viewer, 'GET', `${filesUrl()}/${fileId}/versions`)).json()
        .versions;
      expect(versions.map((v: { version_tag: string }) => v.version_tag)).toEqual(['v2', 'v1']);
      expect(versions[0].sha256).not.toBe(versions[1].sha256);
      const v1 = await call(
        server,
        viewer,
        'GET',
        `${filesUrl()}/${fileId}/versions/${versions[1].id}/download`,
      );
      expect(v1.statusCode).toBe(200);
      expect(v1.headers['x-content-sha256']).toBe(versions[1].sha256);
      expect(v1.rawPayload.equals(simpleWall as Buffer)).toBe(true);
      await waitForStatus(fileId, 'completed');
    });

    it('refuses content that is not STEP (400) and files over the limit (413), storing nothing', async () => {
      const before = await server.database.db.select({ n: count() }).from(fileVersions);
      const zip = await upload(server, editor, filesUrl(), 'model.ifc', 'PK\u0003\u0004 not a model');
      expect(zip.statusCode).toBe(400);
      expect(zip.json().error.message).toBe('The file is not an IFC (STEP) file');
      const big = Buffer.concat([Buffer.from('ISO-10303-21;\n'), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);
      const tooLarge = await upload(server, editor, filesUrl(), 'big.ifc', big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error.message).toBe('The file is larger than the upload limit of 1.9 MB.');
      expect(await server.database.db.select({ n: count() }).from(fileVersions)).toEqual(before);
      const names = (await server.database.db.select({ name: bimFiles.name }).from(bimFiles)).map(
        (r) => r.name,
      );
      expect(names).not.toContain('model.ifc');
      expect(names).not.toContain('big.ifc');
    });

    it('describes the file and IDS routes in the OpenAPI document', async () => {
      const document = (await call(server, null, 'GET', '/api/docs/json')).json();
      const routes = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(routes).toEqual(
        expect.arrayContaining([
          'POST /api/v1/projects/{projectId}/bimfiles',
          'GET /api/v1/projects/{projectId}/bimfiles/{fileId}/versions',
          'GET /api/v1/projects/{projectId}/bimfiles/{fileId}/status',
          'GET /api/v1/projects/{projectId}/bimfiles/{fileId}/versions/{versionId}/download',
          'POST /api/v1/projects/{projectId}/idsfiles',
          'GET /api/v1/projects/{projectId}/idsfiles',
          'PATCH /api/v1/projects/{projectId}/idsfiles/{idsFileId}',
          'GET /api/v1/projects/{projectId}/idsfiles/{idsFileId}/download',
        ]),
      );
    });

    it('answers 404 to non-members and 403 to a Viewer uploading', async () => {
      expect((await upload(server, stranger, filesUrl(), 'x.ifc', ifc)).statusCode).toBe(404);
      expect((await call(server, stranger, 'GET', filesUrl())).statusCode).toBe(404);
      const refused = await upload(server, viewer, filesUrl(), 'x.ifc', ifc);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('editor_role_required');
    });

    it('fails a corrupt IFC with the reader message and leaves other files alone', async () => {
      const corrupt = `${ifc.subarray(0, 4000).toString('latin1')}\n#999999=IFCWALL('broken',,,(;\n`;
      const response = await upload(server, editor, filesUrl(), 'Corrupt.ifc', corrupt);
      expect(response.statusCode).toBe(201);
      const status = await waitForStatus(response.json().bim_file.id, 'failed');
      expect(status.error).toMatch(/line \d+/i);
      const list = (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
        name: string;
        status: string;
        error: string | null;
      }>;
      expect(list.find((f) => f.name === 'Corrupt.ifc')).toMatchObject({
        status: 'failed',
        error: status.error,
      });
      expect(list.find((f) => f.name === 'Windows.ifc')).toMatchObject({ status: 'completed', error: null });
    });

    it('leaves nothing half-written when a job dies mid-transaction, and the retry duplicates nothing', async () => {
      const { versionId } = await storeUnqueuedVersion('Crash.ifc');
      const deps = processingDeps();
      const crash = () => {
        throw new Error('worker killed');
      };
      for (const table of ['elements', 'element_properties', 'element_results']) {
        await expect(
          processFileVersion(deps, versionId, 'full', {
            afterBatch: (written) => (written === table ? crash() : undefined),
          }),
        ).rejects.toThrow('worker killed');
        expect(await rowsOf(elements, versionId)).toBe(0);
        expect(await rowsOf(elementProperties, versionId)).toBe(0);
        expect(await rowsOf(elementResults, versionId)).toBe(0);
        const [row] = await server.database.db
          .select()
          .from(fileVersions)
          .where(eq(fileVersions.id, versionId));
        expect(row?.status).toBe('processing');
      }
      const done = await processFileVersion(deps, versionId);
      expect(done.status).toBe('completed');
      const counts = async () => [
        await rowsOf(elements, versionId),
        await rowsOf(elementProperties, versionId),
        await rowsOf(elementResults, versionId),
      ];
      const first = await counts();
      expect(first[0]).toBe(done.status === 'completed' ? done.elements : -1);
      // A retry after a lost acknowledgement runs again over completed data: same rows, no duplicates.
      await processFileVersion(deps, versionId);
      expect(await counts()).toEqual(first);
      // The bulk tables have no foreign keys; a trigger deletes their rows with the version.
      await server.database.db.delete(fileVersions).where(eq(fileVersions.id, versionId));
      expect(await counts()).toEqual([0, 0, 0]);
    });

    it('re-checks the latest versions when an IDS file is switched off and on', async () => {
      const list = (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
        id: string;
        name: string;
      }>;
      const windows = list.find((f) => f.name === 'Windows.ifc')!;
      const { version_id: versionId } = (
        await call(server, editor, 'GET', `${filesUrl()}/${windows.id}/status`)
      ).json();
      const [idsFile] = (await call(server, editor, 'GET', idsUrl())).json().ids_files;
      const checkedAt = async () =>
        (
          await server.database.db
            .select({ processedAt: fileVersions.processedAt, checkedAt: fileVersions.checkedAt })
            .from(fileVersions)
            .where(eq(fileVersions.id, versionId))
        )[0];
      const processed = await checkedAt();
      expect(processed?.checkedAt).toEqual(processed?.processedAt);
      server.clock.advance(3_600_000);
      const off = await call(server, editor, 'PATCH', `${idsUrl()}/${idsFile.id}`, { is_active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().ids_file.is_active).toBe(false);
      const jobs = await server.queue.findJobs('bimfile.process');
      expect(
        jobs.some(
          (job) =>
            (job.data as { fileVersionId: string; mode: string }).fileVersionId === versionId &&
            (job.data as { mode: string }).mode === 'recheck',
        ),
      ).toBe(true);
      await eventually(async () => (await storedResults(versionId)).length === 0);
      expect(await rowsOf(elements, versionId)).toBeGreaterThan(0); // a re-check keeps the elements
      // The re-check is the version's last check; when it was processed stays as it was.
      const rechecked = await checkedAt();
      expect(rechecked?.processedAt).toEqual(processed?.processedAt);
      expect(rechecked?.checkedAt?.getTime()).toBe((processed?.processedAt?.getTime() ?? 0) + 3_600_000);
      expect(
        (await call(server, viewer, 'PATCH', `${idsUrl()}/${idsFile.id}`, { is_active: true })).statusCode,
      ).toBe(403);
      await call(server, editor, 'PATCH', `${idsUrl()}/${idsFile.id}`, { is_active: true });
      await eventually(async () => (await storedResults(versionId)).length === 6);
      // Its job cleared the re-check marker: the file no longer reads as being re-checked.
      const rechecking = async () =>
        (
          (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
            id: string;
            rechecking: boolean;
          }>
        ).find((f) => f.id === windows.id)?.rechecking;
      await eventually(async () => (await rechecking()) === false);
    });

    it('checks again when the IDS files change during a check, so a slower stale run never writes last', async () => {
      const list = (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
        id: string;
        name: string;
      }>;
      const windows = list.find((f) => f.name === 'Windows.ifc')!;
      const { version_id: versionId } = (
        await call(server, editor, 'GET', `${filesUrl()}/${windows.id}/status`)
      ).json();
      const [idsFile] = (await call(server, editor, 'GET', idsUrl())).json().ids_files;
      expect(idsFile.is_active).toBe(true);
      const deps = processingDeps();
      // The run loads the active IDS, checks, and before it writes the user switches the IDS off
      // (whose own re-check job may even write first): what lands must be the check without it.
      let writes = 0;
      const run = await processFileVersion(deps, versionId, 'full', {
        beforeWrite: async () => {
          writes++;
          if (writes === 1)
            expect(
              (await call(server, editor, 'PATCH', `${idsUrl()}/${idsFile.id}`, { is_active: false }))
                .statusCode,
            ).toBe(200);
        },
      });
      expect(run.status).toBe('completed');
      expect(writes).toBe(2);
      expect(await storedResults(versionId)).toEqual([]);
      // And back on: the same run shape writes the engine's figures for the IDS again.
      writes = 0;
      await processFileVersion(deps, versionId, 'recheck', {
        beforeWrite: async () => {
          writes++;
          if (writes === 1)
            await call(server, editor, 'PATCH', `${idsUrl()}/${idsFile.id}`, { is_active: true });
        },
      });
      expect(writes).toBe(2);
      const report = checkModel(readIfc(new Uint8Array(ifc)), parseIds(ids));
      expect(await storedResults(versionId)).toEqual(
        report.specifications.map((s) => ({
          name: s.name,
          applicable: s.applicableCount,
          passed: s.passedCount,
          failed: s.failedCount,
        })),
      );
      await eventually(async () => {
        const jobs = await server.queue.findJobs('bimfile.process');
        return jobs.every((job) => ['completed', 'failed'].includes(String(job.state))) ? true : null;
      });
    });

    it('keeps a file that was processing when the IDS changed marked as re-checking until the re-check writes', async () => {
      const { fileId, versionId } = await storeUnqueuedVersion('Busy.ifc', 'processing');
      const rechecking = async () =>
        (
          (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
            id: string;
            status: string;
            rechecking: boolean;
          }>
        ).find((f) => f.id === fileId);
      const deps = processingDeps();
      // The full run started before the re-check was queued: it completes, and the file stays marked,
      // so the screens keep polling for the figures the re-check will write.
      const run = await processFileVersion(deps, versionId, 'full', {
        beforeWrite: () => markRechecksQueued(server.database.db, [versionId], server.clock.now()),
      });
      expect(run.status).toBe('completed');
      expect(await rechecking()).toMatchObject({ status: 'completed', rechecking: true });
      expect((await processFileVersion(deps, versionId, 'recheck')).status).toBe('completed');
      expect(await rechecking()).toMatchObject({ status: 'completed', rechecking: false });
      await server.database.db.delete(bimFiles).where(eq(bimFiles.id, fileId));
    });

    it('marks a completed file as re-checking from the moment a re-check is queued until its job writes', async () => {
      const list = (await call(server, editor, 'GET', filesUrl())).json().bim_files as Array<{
        id: string;
        name: string;
        rechecking: boolean;
      }>;
      const windows = list.find((f) => f.name === 'Windows.ifc')!;
      expect(windows.rechecking).toBe(false);
      const { version_id: versionId } = (
        await call(server, editor, 'GET', `${filesUrl()}/${windows.id}/status`)
      ).json();
      const rechecking = async () =>
        ((await call(server, editor, 'GET', filesUrl())).json().bim_files as typeof list).find(
          (f) => f.id === windows.id,
        )?.rechecking;
      // Marked without a job (so no worker clears it behind the test), then checked by hand.
      await markRechecksQueued(server.database.db, [versionId], server.clock.now());
      expect(await rechecking()).toBe(true);
      const overview = await call(server, editor, 'GET', `/api/v1/projects/${projectId}/overview`);
      expect(overview.json().files.find((f: { id: string }) => f.id === windows.id)?.rechecking).toBe(true);
      const deps = processingDeps();
      expect((await processFileVersion(deps, versionId, 'recheck')).status).toBe('completed');
      expect(await rechecking()).toBe(false);
    });
  });
}
