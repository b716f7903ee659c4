import type { ChangeKind } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { type DataSourceMode, useDataSource } from '@/lib/data-source';
import { projectKeys } from '../../projects/queries';
import { changesSource, type VersionPair } from './changes-source';

/** Rows of one list read at once; the list says how many more there are. */
export const CHANGES_PAGE_SIZE = 100;

const changesKeys = {
  file: (mode: DataSourceMode, projectId: string, fileId: string) =>
    [...projectKeys.all(mode), projectId, 'changes', fileId] as const,
};

export function useFileVersions(projectId: string, fileId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [...changesKeys.file(mode, projectId, fileId), 'versions'],
    queryFn: ({ signal }) => changesSource.versions(projectId, fileId, signal),
  });
}

export function useComparison(projectId: string, fileId: string, pair: VersionPair) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [...changesKeys.file(mode, projectId, fileId), 'comparison', pair.from ?? '', pair.to ?? ''],
    queryFn: ({ signal }) => changesSource.comparison(projectId, fileId, pair, signal),
    retry: false,
  });
}

export function useChanges(
  projectId: string,
  fileId: string,
  query: { from: string; to: string; specificationKey: string; kind: ChangeKind },
  enabled: boolean,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [
      ...changesKeys.file(mode, projectId, fileId),
      'changes',
      query.from,
      query.to,
      query.specificationKey,
      query.kind,
    ],
    queryFn: ({ signal }) =>
      changesSource.changes(projectId, fileId, { ...query, pageSize: CHANGES_PAGE_SIZE }, signal),
    enabled,
  });
}
