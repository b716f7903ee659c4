import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileVersionFragments, fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { modelObjectKey } from './support/model-objects';
import { upload } from './support/multipart';
import { type S3Standin, startS3Standin } from './support/s3-standin';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// The server configured with the README's S3 variables keeps every file in the bucket: the upload,
// what the processing job reads back, the 3D view the conversion job writes, the download.
for (const backend of testBackends()) {
  describe(`files in an S3 bucket (STORAGE_URL, ${backend.name})`, () => {
    let standin: S3Standin;
    let server: TestServer;
    let owner: Session;
    let model: Buffer;
    const workDir = mkdtempSync(join(tmpdir(), 'plumbline-s3-model-'));

    beforeAll(async () => {
      standin = await startS3Standin();
      await generateIfc({ targetBytes: 150_000, seed: 7, out: join(workDir, 'office.ifc') });
      model = readFileSync(join(workDir, 'office.ifc'));
      server = await startTestServer(backend, standin.env('site-a'), { fragments: true });
      owner = await signUp(server, 'Stella Storage');
    });
    afterAll(async () => {
      await server?.stop();
      await standin?.stop();
      rmSync(workDir, { recursive: true, force: true });
    });

    it('stores an upload in the bucket, processes it from there and serves it back byte for byte', async () => {
      const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Bucket' })).json()
        .project.id as string;
      const response = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'Office.ifc',
        model,
      );
      expect(response.statusCode).toBe(201);
      const { bim_file: file, version } = response.json();
      expect(standin.storedKeys()).toContain(`site-a/${modelObjectKey(model)}`);
      const [row] = await server.database.db
        .select()
        .from(fileVersions)
        .where(eq(fileVersions.id, version.id));
      expect(row).toMatchObject({
        sizeBytes: model.length,
        sha256: createHash('sha256').update(model).digest('hex'),
      });

      await eventually(async () => {
        const versions = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions`)
        ).json().versions as { id: string; status: string; error: string | null }[];
        const mine = versions.find((v) => v.id === version.id);
        if (mine?.status === 'failed') throw new Error(`processing failed: ${mine.error}`);
        return mine?.status === 'completed';
      });

      const download = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions/${version.id}/download`,
      );
      expect(download.statusCode).toBe(200);
      expect(Buffer.compare(download.rawPayload, model)).toBe(0);

      // The conversion job read the IFC from the bucket and wrote the fragments beside it.
      const fragments = await eventually(async () => {
        const [row] = await server.database.db
          .select()
          .from(fileVersionFragments)
          .where(eq(fileVersionFragments.fileVersionId, version.id));
        if (row?.status === 'failed') throw new Error(`conversion failed: ${row.error}`);
        return row?.status === 'ready' ? row : null;
      });
      expect(standin.storedKeys()).toContain(`site-a/projects/${projectId}/bimfiles/${version.id}.frag`);
      const view = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions/${version.id}/fragments`,
      );
      expect(view.statusCode).toBe(200);
      expect(createHash('sha256').update(view.rawPayload).digest('hex')).toBe(fragments.sha256);
    });

    it('keeps one object in the bucket for the same bytes uploaded in another project and file', async () => {
      const others = await Promise.all(
        ['Second bucket', 'Third bucket'].map(
          async (name) =>
            (await call(server, owner, 'POST', '/api/v1/projects', { name })).json().project.id as string,
        ),
      );
      const fileIds: string[] = [];
      for (const [index, projectId] of others.entries()) {
        const response = await upload(
          server,
          owner,
          `/api/v1/projects/${projectId}/bimfiles`,
          `Copy ${index}.ifc`,
          model,
        );
        expect(response.statusCode).toBe(201);
        fileIds.push(response.json().bim_file.id as string);
      }
      // The first test uploaded the same bytes already: still one model object, nothing staged.
      const keys = standin.storedKeys();
      expect(keys.filter((key) => key.endsWith('.ifc'))).toEqual([`site-a/${modelObjectKey(model)}`]);
      expect(keys.filter((key) => key.startsWith('site-a/staging/'))).toEqual([]);

      // Deleting one project's file keeps the object the others still use.
      const deleted = await call(
        server,
        owner,
        'DELETE',
        `/api/v1/projects/${others[0]}/bimfiles/${fileIds[0]}`,
      );
      expect(deleted.statusCode).toBe(204);
      expect(standin.storedKeys()).toContain(`site-a/${modelObjectKey(model)}`);
    });
  });
}
