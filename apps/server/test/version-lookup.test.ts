import { ERROR_STATUS } from '@plumbline/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');

interface VersionRead {
  module: string;
  method: 'GET' | 'POST';
  /** The route's address for a file and, when given, a named version. */
  url: (file: string, version?: string) => string;
  body?: object;
  /** A read with an answer before any version is checked: none named, no checked one gives 200. */
  emptyWithoutVersion?: boolean;
  /** The version is a path parameter: the route always names one. */
  versionInPath?: boolean;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Every route of every module that reads a file's checked version (decision 0179). Each must give the
 * same code and status for an unknown file, an unknown version, a version still processing and a
 * file with no checked version, because each goes through bimfiles' requireCheckedVersion.
 */
function versionReads(projectId: string, stepId: number, globalId: string, specId: string): VersionRead[] {
  const files = `/api/v1/projects/${projectId}/bimfiles`;
  const q = (version?: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(version ? { versionId: version } : {}), ...extra }).toString();
    return query ? `?${query}` : '';
  };
  const at =
    (path: string, extra: Record<string, string> = {}) =>
    (file: string, version?: string) =>
      `${files}/${file}${path}${q(version, extra)}`;
  return [
    { module: 'compliance', method: 'GET', url: at('/compliance') },
    { module: 'compliance', method: 'GET', url: at('/compliance/results') },
    { module: 'compliance', method: 'GET', url: at('/compliance/element-statuses') },
    { module: 'compliance', method: 'GET', url: at(`/compliance/specifications/${specId}/results`) },
    { module: 'metadata', method: 'GET', url: at('/metadata') },
    { module: 'metadata', method: 'GET', url: at('/metadata/facets') },
    { module: 'metadata', method: 'GET', url: at('/metadata/elements') },
    { module: 'metadata', method: 'GET', url: at(`/metadata/elements/${stepId}`) },
    { module: 'metadata', method: 'GET', url: at('/metadata/export', { format: 'csv' }) },
    { module: 'elements', method: 'GET', url: at(`/elements/${stepId}`) },
    { module: 'elements', method: 'GET', url: at(`/elements/by-global-id/${globalId}`) },
    { module: 'elements', method: 'GET', url: at(`/elements/${stepId}/compliance`) },
    {
      module: 'viewer',
      method: 'GET',
      url: (file, version) => `${files}/${file}/versions/${version ?? UNKNOWN}/fragments`,
      versionInPath: true,
    },
    { module: 'viewer', method: 'POST', url: at('/elements/highlight'), body: { element_guids: [globalId] } },
    {
      module: 'ai',
      method: 'GET',
      url: (file, version) => `/api/v1/ai/context/${projectId}/${file}${q(version)}`,
      emptyWithoutVersion: true,
    },
    {
      module: 'ai',
      method: 'POST',
      url: (file, version) => `/api/v1/ai/chat/${projectId}/${file}${q(version)}`,
      body: { message: 'How many windows are there?', session_id: 'version-lookup' },
    },
    { module: 'attributes', method: 'GET', url: at('/extra-attributes'), emptyWithoutVersion: true },
    { module: 'attributes', method: 'GET', url: at('/schema-attributes'), emptyWithoutVersion: true },
    { module: 'reports', method: 'GET', url: at('/bcf') },
  ];
}

for (const backend of testBackends()) {
  describe.skipIf(windowsIfc === null || windowsIds === null)(
    `version lookup of every module (${backend.name})`,
    () => {
      let server: TestServer;
      let owner: Session;
      let projectId: string;
      let fileId: string;
      let versionId: string;
      let reads: VersionRead[];

      async function answer(read: VersionRead, file: string, version?: string) {
        const response = await call(server, owner, read.method, read.url(file, version), read.body);
        const body = response.statusCode >= 400 ? response.json() : null;
        return { status: response.statusCode, code: body?.error?.code ?? null };
      }

      /** What each route answered, keyed by module and address, beside what was expected of it. */
      async function answers(
        file: string,
        version: string | undefined,
        expected: (read: VersionRead) => unknown,
      ) {
        const got: Record<string, unknown> = {};
        const want: Record<string, unknown> = {};
        for (const read of reads) {
          const key = `${read.module} ${read.method} ${read.url(':file', version && ':version')}`;
          got[key] = await answer(read, file, version);
          want[key] = expected(read);
        }
        return { got, want };
      }

      testServerForBlock(
        backend,
        (started) => {
          server = started;
        },
        {},
        { fragments: true },
      );
      beforeAll(async () => {
        owner = await signUp(server, 'Olga Owner');
        projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Lookups' })).json()
          .project.id;
        const ids = await upload(
          server,
          owner,
          `/api/v1/projects/${projectId}/idsfiles`,
          'w.ids',
          windowsIds as Buffer,
        );
        expect(ids.statusCode).toBe(201);
        const filesUrl = `/api/v1/projects/${projectId}/bimfiles`;
        const uploaded = (await upload(server, owner, filesUrl, 'Windows.ifc', windowsIfc as Buffer)).json();
        fileId = uploaded.bim_file.id;
        versionId = uploaded.version.id;
        await eventually(async () => {
          const status = (await call(server, owner, 'GET', `${filesUrl}/${fileId}/status`)).json();
          return status.status === 'completed';
        });
        const specs = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`)
        ).json();
        const search = (await call(server, owner, 'GET', `${filesUrl}/${fileId}/metadata/elements`)).json();
        const first = search.data.find((e: { global_id: string | null }) => e.global_id !== null);
        reads = versionReads(projectId, first.viewer_db_id, first.global_id, specs.specifications[0].id);
      });

      it('answers each code with the one status packages/contracts gives it', () => {
        expect(ERROR_STATUS).toMatchObject({
          file_not_found: 404,
          version_not_found: 404,
          no_processed_version: 409,
          version_not_processed: 409,
        });
      });

      it('answers an unknown file with 404 file_not_found on every route', async () => {
        const { got, want } = await answers(UNKNOWN, undefined, () => ({
          status: 404,
          code: 'file_not_found',
        }));
        expect(got).toEqual(want);
      });

      it('answers an unknown version with 404 version_not_found on every route', async () => {
        const { got, want } = await answers(fileId, UNKNOWN, () => ({
          status: 404,
          code: 'version_not_found',
        }));
        expect(got).toEqual(want);
      });

      it('answers 409 for a version still processing, and for a file with no checked version', async () => {
        await server.database.db.execute(
          sql`update file_versions set status = 'processing' where id = ${versionId}`,
        );
        try {
          const named = await answers(fileId, versionId, () => ({
            status: 409,
            code: 'version_not_processed',
          }));
          expect(named.got).toEqual(named.want);
          const none = await answers(fileId, undefined, (read) =>
            read.versionInPath
              ? { status: 404, code: 'version_not_found' }
              : read.emptyWithoutVersion
                ? { status: 200, code: null }
                : { status: 409, code: 'no_processed_version' },
          );
          expect(none.got).toEqual(none.want);
        } finally {
          await server.database.db.execute(
            sql`update file_versions set status = 'completed' where id = ${versionId}`,
          );
        }
      });
    },
  );
}
