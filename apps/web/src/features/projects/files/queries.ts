import type { BimFile, IdsFile } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DataSourceMode } from '@/lib/data-source';
import { projectKeys } from '../queries';
import { type IdsUploadOptions, type UploadOptions, useFilesSource } from './data-source';
import { upsertFile } from './file-list';
import { filesPollInterval } from './polling';

export const fileKeys = {
  /** Shared with the projects feature, so the Overview's files table sees the same answer. */
  bimFiles: (mode: DataSourceMode, projectId: string) => projectKeys.files(mode, projectId),
  idsFiles: (mode: DataSourceMode, projectId: string) =>
    [...projectKeys.all(mode), projectId, 'ids-files'] as const,
  idsRevisions: (mode: DataSourceMode, projectId: string, idsFileId: string) =>
    [...projectKeys.all(mode), projectId, 'ids-files', idsFileId, 'revisions'] as const,
};

/** The project's BIM files, polled every 5 s (also in a background tab) until all are settled. */
export function useBimFiles(projectId: string) {
  const { mode, source } = useFilesSource();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: fileKeys.bimFiles(mode, projectId),
    queryFn: ({ signal }) => source.listBimFiles(projectId, signal),
    refetchInterval: (current) => filesPollInterval(current.state.data),
    refetchIntervalInBackground: true,
  });
  // When the last file settles, the project's element count and figures change: refresh everything
  // under the project (its list row, overview and other views; the files list itself stays as read).
  const polling = filesPollInterval(query.data) !== false;
  const wasPolling = useRef(polling);
  useEffect(() => {
    if (wasPolling.current && !polling) {
      const filesKey = fileKeys.bimFiles(mode, projectId);
      void queryClient.invalidateQueries({
        queryKey: projectKeys.all(mode),
        predicate: (candidate) => JSON.stringify(candidate.queryKey) !== JSON.stringify(filesKey),
      });
    }
    wasPolling.current = polling;
  }, [polling, queryClient, mode, projectId]);
  return query;
}

export function useIdsFiles(projectId: string) {
  const { mode, source } = useFilesSource();
  return useQuery({
    queryKey: fileKeys.idsFiles(mode, projectId),
    queryFn: ({ signal }) => source.listIdsFiles(projectId, signal),
  });
}

export type UploadKind = 'ifc' | 'ids';

export function useUploadFile(projectId: string, kind: UploadKind) {
  const { mode, source } = useFilesSource();
  const queryClient = useQueryClient();
  return useMutation({
    // An IFC upload answers with the file as now listed; an IDS upload's answer is not needed here.
    mutationFn: async ({
      file,
      options,
    }: {
      file: File;
      options?: IdsUploadOptions;
    }): Promise<BimFile | null> => {
      if (kind === 'ifc') return (await source.uploadBimFile(projectId, file, options)).bim_file;
      await source.uploadIdsFile(projectId, file, options);
      return null;
    },
    // The project row's counts and sizes change too, so refresh everything under the project keys;
    // not awaited, so the upload reads as finished as soon as the server has the file.
    onSuccess: (uploaded) => {
      // Show the new file (or version) at once, pending; polling takes it from there.
      if (uploaded) {
        queryClient.setQueryData<BimFile[]>(fileKeys.bimFiles(mode, projectId), (list) =>
          upsertFile(list, uploaded),
        );
      }
      void queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
    },
  });
}

export function useSetIdsFileActive(projectId: string) {
  const { mode, source } = useFilesSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idsFileId, isActive }: { idsFileId: string; isActive: boolean }) =>
      source.setIdsFileActive(projectId, idsFileId, isActive),
    onSuccess: (updated) => {
      queryClient.setQueryData<IdsFile[]>(fileKeys.idsFiles(mode, projectId), (list) =>
        list?.map((file) => (file.id === updated.id ? updated : file)),
      );
      // Switching re-checks the latest versions: their status moves again, so the files list refetches.
      return queryClient.invalidateQueries({ queryKey: fileKeys.bimFiles(mode, projectId) });
    },
  });
}

/** The revisions of an IDS file's lineage, read when `enabled` (a list opened). */
export function useIdsRevisions(projectId: string, idsFileId: string, enabled: boolean) {
  const { mode, source } = useFilesSource();
  return useQuery({
    queryKey: fileKeys.idsRevisions(mode, projectId, idsFileId),
    queryFn: ({ signal }) => source.listIdsRevisions(projectId, idsFileId, signal),
    enabled,
  });
}

/** Replace: a corrected IDS stored as the next revision of a file (issue 30). */
export function useReplaceIdsFile(projectId: string) {
  const { mode, source } = useFilesSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idsFileId, file, options }: { idsFileId: string; file: File; options?: UploadOptions }) =>
      source.replaceIdsFile(projectId, idsFileId, file, options),
    // The list, the revisions and the re-checked files' statuses all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) }),
  });
}
