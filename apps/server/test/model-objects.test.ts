import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { filesUnder, modelObjectKey } from './support/model-objects';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Decision 0424: a model's bytes are stored once, under their SHA-256, whatever file, version or
// project they arrive in; deleting a file removes them only when no other version still has them.
// The storage directory is listed here on its own, apart from the server's rows.
for (const backend of testBackends()) {
  describe(`each model stored once (local disk, ${backend.name})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-model-objects-'));
    const filesDir = join(dataDir, 'files');
    let server: TestServer;
    let owner: Session;
    let model: Buffer;
    let other: Buffer;

    beforeAll(async () => {
      await generateIfc({ targetBytes: 120_000, seed: 41, out: join(dataDir, 'model.ifc') });
      await generateIfc({ targetBytes: 120_000, seed: 42, out: join(dataDir, 'other.ifc') });
      model = readFileSync(join(dataDir, 'model.ifc'));
      other = readFileSync(join(dataDir, 'other.ifc'));
      server = await startTestServer(backend, { DATA_DIR: dataDir });
      owner = await signUp(server, 'Olga Once');
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const newProject = async (name: string) =>
      (await call(server, owner, 'POST', '/api/v1/projects', { name })).json().project.id as string;
    const uploadModel = async (projectId: string, name: string, bytes: Buffer) => {
      const response = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      return { projectId, fileId: body.bim_file.id as string, versionId: body.version.id as string };
    };
    const settled = (v: { projectId: string; fileId: string; versionId: string }) =>
      eventually(async () => {
        const versions = (
          await call(server, owner, 'GET', `/api/v1/projects/${v.projectId}/bimfiles/${v.fileId}/versions`)
        ).json().versions as { id: string; status: string }[];
        const status = versions.find((row) => row.id === v.versionId)?.status;
        return status === 'completed' || status === 'failed';
      });
    const download = async (v: { projectId: string; fileId: string; versionId: string }) =>
      call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${v.projectId}/bimfiles/${v.fileId}/versions/${v.versionId}/download`,
      );
    /** The IFC files in the storage directory, whatever their layout. */
    const storedModels = () => filesUnder(filesDir).filter((path) => path.endsWith('.ifc'));

    it('stores the same bytes once across files, versions and projects, and frees them with the last version', async () => {
      const first = await newProject('First');
      const second = await newProject('Second');
      const a1 = await uploadModel(first, 'Tower.ifc', model);
      const a2 = await uploadModel(first, 'Tower.ifc', model); // a second version of the same file
      const b = await uploadModel(first, 'Tower copy.ifc', model); // another file of the project
      const c = await uploadModel(second, 'Tower.ifc', model); // another project
      const d = await uploadModel(second, 'Annex.ifc', other);
      expect(a2.fileId).toBe(a1.fileId);
      for (const v of [a1, a2, b, c, d]) await settled(v);

      // Two distinct models were uploaded: two objects, under their hashes, and nothing staged left.
      expect(storedModels().sort()).toEqual([modelObjectKey(model), modelObjectKey(other)].sort());
      for (const v of [a1, a2, b, c]) {
        const response = await download(v);
        expect(response.statusCode).toBe(200);
        expect(Buffer.compare(response.rawPayload, model)).toBe(0);
      }

      // Deleting the file with two versions leaves the object the other files still reference.
      expect(
        (await call(server, owner, 'DELETE', `/api/v1/projects/${first}/bimfiles/${a1.fileId}`)).statusCode,
      ).toBe(204);
      expect(storedModels()).toContain(modelObjectKey(model));
      expect(Buffer.compare((await download(c)).rawPayload, model)).toBe(0);
      expect(
        (await call(server, owner, 'DELETE', `/api/v1/projects/${first}/bimfiles/${b.fileId}`)).statusCode,
      ).toBe(204);
      expect(storedModels()).toContain(modelObjectKey(model));

      // The last version that has the bytes goes: so do they; the other model stays.
      expect(
        (await call(server, owner, 'DELETE', `/api/v1/projects/${second}/bimfiles/${c.fileId}`)).statusCode,
      ).toBe(204);
      expect(storedModels()).toEqual([modelObjectKey(other)]);

      // Uploading them again after that stores them again.
      const again = await uploadModel(second, 'Tower.ifc', model);
      await settled(again);
      expect(storedModels().sort()).toEqual([modelObjectKey(model), modelObjectKey(other)].sort());
      expect(Buffer.compare((await download(again)).rawPayload, model)).toBe(0);
    });
  });
}
