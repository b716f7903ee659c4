import { type BimFileUploadResponse, type IdsFile, idsFileResponseSchema } from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { uploadFile } from '@/lib/api/upload-request';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';
import { type FilesReader, filesReader } from './read-source';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface IdsUploadOptions extends UploadOptions {
  /**
   * 'ask': the server refuses a file that looks like a new revision of a current one (409
   * ids_revision_suggested, naming it), so the user can be asked; 'new' stores it as a file of its own.
   */
  onMatch?: 'ask' | 'new';
}

/** The model and IDS files of a project: what the files panel reads and writes (decision 0066). */
export interface FilesSource extends FilesReader {
  uploadBimFile(projectId: string, file: File, options?: UploadOptions): Promise<BimFileUploadResponse>;
  uploadIdsFile(projectId: string, file: File, options?: IdsUploadOptions): Promise<IdsFile>;
  /** Stores `file` as the next revision of the IDS file (Replace, issue 30). */
  replaceIdsFile(projectId: string, idsFileId: string, file: File, options?: UploadOptions): Promise<IdsFile>;
  setIdsFileActive(projectId: string, idsFileId: string, isActive: boolean): Promise<IdsFile>;
  /** Deletes a model (every version) or an IDS file. */
  deleteFile(projectId: string, kind: 'bim' | 'ids', fileId: string): Promise<void>;
}

export const liveFilesSource: FilesSource = {
  listBimFiles: filesReader.listBimFiles,
  listIdsFiles: filesReader.listIdsFiles,
  listIdsRevisions: filesReader.listIdsRevisions,
  uploadBimFile(projectId, file, options = {}) {
    return uploadFile<BimFileUploadResponse>({
      path: apiPath('/projects/{projectId}/bimfiles', { path: { projectId } }),
      file,
      ...options,
    });
  },
  async uploadIdsFile(projectId, file, { onMatch, ...options } = {}) {
    const path = apiPath('/projects/{projectId}/idsfiles', {
      path: { projectId },
      query: { on_match: onMatch },
    });
    return (await uploadFile<{ ids_file: IdsFile }>({ path, file, ...options })).ids_file;
  },
  async replaceIdsFile(projectId, idsFileId, file, options = {}) {
    const path = apiPath('/projects/{projectId}/idsfiles/{idsFileId}/revisions', {
      path: { projectId, idsFileId },
    });
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
  listBimFiles: filesReader.listBimFiles,
  listIdsFiles: filesReader.listIdsFiles,
  uploadBimFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
  uploadIdsFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
  replaceIdsFile: async () => {
    throw new ReadOnlyDataSourceError();
  },
  listIdsRevisions: filesReader.listIdsRevisions,
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
