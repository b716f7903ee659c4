import type { BimFile, IdsFile } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectChanged } from '@/lib/project-freshness';
import { queryKeys } from '@/lib/query-keys';
import { type IdsUploadOptions, type UploadOptions, useFilesSource } from './data-source';
import { upsertFile } from './file-list';

export { useBimFiles, useIdsFiles } from './list-queries';

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
    // The project row's counts and sizes change too, and an IDS queues a re-check: every view of the
    // project asks again (here and in other tabs); not awaited, so the upload reads as finished as
    // soon as the server has the file.
    onSuccess: (uploaded) => {
      // Show the new file (or version) at once, pending; polling takes it from there.
      if (uploaded) {
        queryClient.setQueryData<BimFile[]>(queryKeys.files(mode, projectId), (list) =>
          upsertFile(list, uploaded),
        );
      }
      projectChanged(queryClient, mode, projectId);
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
      queryClient.setQueryData<IdsFile[]>(queryKeys.idsFiles(mode, projectId), (list) =>
        list?.map((file) => (file.id === updated.id ? updated : file)),
      );
      // Switching re-checks the latest versions: their status moves again, so every view asks again.
      projectChanged(queryClient, mode, projectId);
    },
  });
}

/** The revisions of an IDS file's lineage, read when `enabled` (a list opened). */
export function useIdsRevisions(projectId: string, idsFileId: string, enabled: boolean) {
  const { mode, source } = useFilesSource();
  return useQuery({
    queryKey: queryKeys.idsRevisions(mode, projectId, idsFileId),
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
    // The list, the revisions and the re-checked files' statuses all change: every view asks again.
    onSuccess: () => projectChanged(queryClient, mode, projectId),
  });
}
