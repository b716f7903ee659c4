import {
  type BimFile,
  type BimFileUploadResponse,
  bimFileListResponseSchema,
  type IdsFile,
  idsFileListResponseSchema,
  idsFileResponseSchema,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
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
}

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export const liveFilesSource: FilesSource = {
  async listBimFiles(projectId, signal) {
    const path = `${projectPath(projectId)}/bimfiles`;
    return (await apiRequest(path, { schema: bimFileListResponseSchema, signal })).bim_files;
  },
  async listIdsFiles(projectId, signal) {
    const path = `${projectPath(projectId)}/idsfiles`;
    return (await apiRequest(path, { schema: idsFileListResponseSchema, signal })).ids_files;
  },
  uploadBimFile(projectId, file, options = {}) {
    return uploadFile<BimFileUploadResponse>({
      path: `${projectPath(projectId)}/bimfiles`,
      file,
      ...options,
    });
  },
  async uploadIdsFile(projectId, file, options = {}) {
    const path = `${projectPath(projectId)}/idsfiles`;
    return (await uploadFile<{ ids_file: IdsFile }>({ path, file, ...options })).ids_file;
  },
  async setIdsFileActive(projectId, idsFileId, isActive) {
    const path = `${projectPath(projectId)}/idsfiles/${encodeURIComponent(idsFileId)}`;
    const body = { is_active: isActive };
    return (await apiRequest(path, { method: 'PATCH', body, schema: idsFileResponseSchema })).ids_file;
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
};

const SOURCES: Record<DataSourceMode, FilesSource> = { live: liveFilesSource, demo: demoFilesSource };

export function useFilesSource(): { mode: DataSourceMode; source: FilesSource; readOnly: boolean } {
  const { mode, readOnly } = useDataSource();
  return { mode, source: SOURCES[mode], readOnly };
}
