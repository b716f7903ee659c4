import { Readable } from 'node:stream';
import { storageKeys } from '../../src/modules/storage/keys';
import { bimFiles, fileVersions } from '../../src/schema';
import type { TestServer } from './server';

/**
 * A file with one version stored but not queued, so only the test that made it processes it
 * (`processFileVersion`): its bytes in storage and its row, optionally already marked processing.
 */
export async function storeUnqueuedVersion(
  server: TestServer,
  projectId: string,
  name: string,
  ifc: Buffer,
  status?: 'processing',
): Promise<{ fileId: string; versionId: string }> {
  const [file] = await server.database.db
    .insert(bimFiles)
    .values({ projectId, name, sourceFilename: name })
    .returning();
  if (!file) throw new Error('no file row');
  const versionId = crypto.randomUUID();
  const key = storageKeys.bimFileVersion(projectId, versionId);
  const stored = await server.storage.putStream(key, Readable.from([ifc]));
  await server.database.db.insert(fileVersions).values({
    id: versionId,
    bimFileId: file.id,
    versionNumber: 1,
    versionTag: 'v1',
    sizeBytes: stored.size,
    sha256: stored.sha256,
    storageKey: key,
    ...(status ? { status } : {}),
  });
  return { fileId: file.id, versionId };
}
