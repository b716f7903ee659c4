import {
  type BimFile,
  type BimFileUploadResponse,
  bimFileListResponseSchema,
  type IdsFile,
  idsFileListResponseSchema,
  idsFileResponseSchema,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { uploadFile } from '@/lib/api/upload-request';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The model and IDS files of a project: what the files panel reads and writes (decision 0066). */
export interface FilesSource {
  listBimFiles(projectId: string, signal?: AbortSignal): Promise<BimFile[]>;
  listIdsFiles(projectId: string, signal?: AbortSignal): Promise<IdsFile[]>;
  uploadBimFile(projectId: string, file: File, options?: UploadOptions): Promise<BimFileUploadResponse>;
  uploadIdsFile(projectId: string, file: File, options?: UploadOptions): Promise<IdsFile>;
  setIdsFileActive(projectId: string, idsFileId: string, isActive: boolean): Promise<IdsFile>;
  /** Deletes a model (every version) or an IDS file. */
  deleteFile(projectId: string, kind: 'bim' | 'ids', fileId: string): Promise<void>;
}

export const liveFilesSource: FilesSource = {
  async listBimFiles(projectId, signal) {
    const path = apiPath('/projects/{projectId}/bimfiles', { path: { projectId } });
    return (await apiRequest(path, { schema: bimFileListResponseSchema, signal })).bim_files;
  },
  async listIdsFiles(projectId, signal) {
    const path = apiPath('/projects/{projectId}/idsfiles', { path: { projectId } });
    return (await apiRequest(path, { schema: idsFileListResponseSchema, signal })).ids_files;
  },
  uploadBimFile(projectId, file, options = {}) {
    return uploadFile<BimFileUploadResponse>({
      path: apiPath('/projects/{projectId}/bimfiles', { path: { projectId } }),
      file,
      ...options,
    });
  },
  async uploadIdsFile(projectId, file, options = {}) {
    const path = apiPath('/projects/{projectId}/idsfiles', { path: { projectId } });
    return (await uploadFile<{ ids_file: IdsFile }>({ path, file, ...options })).ids_file;
  },
  async setIdsFileActive(projectId, idsFileId, isActive) {
    const path = apiPath('/projects/{projectId}/idsfiles/{idsFileId}', { path: { projectId, idsFileId } });
    const body = { is_active: isActive };
    return (await apiRequest(path, { method: 'PATCH', body, schema: idsFileResponseSchema })).ids_file;
  },
  async deleteFile(projectId, kind, fileId) {
    const path =
      kind === 'bim'
        ? apiPath('/projects/{projectId}/bimfiles/{fileId}', { path: { projectId, fileId } })
        : apiPath('/projects/{projectId}/idsfiles/{idsFileId}', { path: { projectId, idsFileId: fileId } });
    await apiRequest(path, { method: 'DELETE' });
  },
};

/** The demo project's files, read by the same routes as live (it is public); writes are always refused. */
export const demoFilesSource: FilesSource = {
  listBimFiles: (projectId, signal) => liveFilesSource.listBimFiles(projectId, signal),
  listIdsFiles: (projectId, signal) => liveFilesSource.listIdsFiles(projectId, signal),
  uploadBimFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
  uploadIdsFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
  setIdsFileActive: async () => {
    throw new ReadOnlyDataSourceError();
  },
  deleteFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
};

const SOURCES: Record<DataSourceMode, FilesSource> = { live: liveFilesSource, demo: demoFilesSource };

export function useFilesSource(): { mode: DataSourceMode; source: FilesSource; readOnly: boolean } {
  const { mode, readOnly } = useDataSource();
  return { mode, source: SOURCES[mode], readOnly };
}
