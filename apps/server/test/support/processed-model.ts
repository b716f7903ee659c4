// One way for server tests to bring a project its IDS and a processed model: upload, then wait on the
// version's own state (a failed processing fails the test with its error instead of waiting out the guard).
import { upload } from './multipart';
import { call, eventually, type Session, type TestServer } from './server';

/** Uploads an IDS file; returns its id, or fails with the server's answer. */
export async function uploadIds(
  server: TestServer,
  session: Session,
  projectId: string,
  name: string,
  content: Buffer | string,
): Promise<string> {
  const response = await upload(server, session, `/api/v1/projects/${projectId}/idsfiles`, name, content);
  if (response.statusCode !== 201) throw new Error(`IDS upload failed: ${response.body}`);
  return response.json().ids_file.id;
}

/** Uploads a model (a known name becomes a new version) and waits until that version is processed. */
export async function uploadProcessed(
  server: TestServer,
  session: Session,
  projectId: string,
  name: string,
  content: Buffer,
): Promise<{ fileId: string; versionId: string }> {
  const response = await upload(server, session, `/api/v1/projects/${projectId}/bimfiles`, name, content);
  if (response.statusCode !== 201) throw new Error(`IFC upload failed: ${response.body}`);
  const { bim_file: file, version } = response.json();
  await eventually(async () => {
    const versions = (
      await call(server, session, 'GET', `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions`)
    ).json().versions as { id: string; status: string; error: string | null }[];
    const mine = versions.find((v) => v.id === version.id);
    if (mine?.status === 'failed') throw new Error(`processing failed: ${mine.error}`);
    return mine?.status === 'completed';
  });
  return { fileId: file.id as string, versionId: version.id as string };
}
