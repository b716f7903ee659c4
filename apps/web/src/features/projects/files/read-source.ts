import {
  type BimFile,
  bimFileListResponseSchema,
  type IdsFile,
  idsFileListResponseSchema,
  idsRevisionListResponseSchema,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';

/**
 * The reads of a project's files (data-source.ts): the same for a live project and the demo's, which
 * is public. A module of their own, without the uploads, so the Overview's first view can ask for the
 * IDS files without carrying the upload code (its bundle budget; decision 0449).
 */
export interface FilesReader {
  listBimFiles(projectId: string, signal?: AbortSignal): Promise<BimFile[]>;
  listIdsFiles(projectId: string, signal?: AbortSignal): Promise<IdsFile[]>;
  /** Every revision of the IDS file's lineage, newest first. */
  listIdsRevisions(projectId: string, idsFileId: string, signal?: AbortSignal): Promise<IdsFile[]>;
}

export const filesReader: FilesReader = {
  async listBimFiles(projectId, signal) {
    const path = apiPath('/projects/{projectId}/bimfiles', { path: { projectId } });
    return (await apiRequest(path, { schema: bimFileListResponseSchema, signal })).bim_files;
  },
  async listIdsFiles(projectId, signal) {
    const path = apiPath('/projects/{projectId}/idsfiles', { path: { projectId } });
    return (await apiRequest(path, { schema: idsFileListResponseSchema, signal })).ids_files;
  },
  async listIdsRevisions(projectId, idsFileId, signal) {
    const path = apiPath('/projects/{projectId}/idsfiles/{idsFileId}/revisions', {
      path: { projectId, idsFileId },
    });
    return (await apiRequest(path, { schema: idsRevisionListResponseSchema, signal })).revisions;
  },
};
