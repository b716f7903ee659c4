import type { ChangeKind } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';
import { changesSource, type VersionPair } from './changes-source';

/** Rows of one list read at once; the list says how many more there are. */
export const CHANGES_PAGE_SIZE = 100;

export function useComparison(projectId: string, fileId: string, pair: VersionPair) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.comparison(mode, projectId, fileId, pair.from ?? '', pair.to ?? ''),
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
    queryKey: queryKeys.comparisonChanges(
      mode,
      projectId,
      fileId,
      query.from,
      query.to,
      query.specificationKey,
      query.kind,
    ),
    queryFn: ({ signal }) =>
      changesSource.changes(projectId, fileId, { ...query, pageSize: CHANGES_PAGE_SIZE }, signal),
    enabled,
  });
}
