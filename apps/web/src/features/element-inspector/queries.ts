import { useQuery } from '@tanstack/react-query';
import { type DataSourceMode, useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';
import { type ElementAddress, fetchElement, fetchElementCompliance } from './api';

function key(mode: DataSourceMode, a: ElementAddress, part: 'element' | 'compliance') {
  return queryKeys.element(mode, a.projectId, a.fileId, a.versionId ?? null, a.viewerDbId, part);
}

export function useElement(address: ElementAddress) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: key(mode, address, 'element'),
    queryFn: ({ signal }) => fetchElement(address, signal),
  });
}

export function useElementCompliance(address: ElementAddress, enabled: boolean) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: key(mode, address, 'compliance'),
    queryFn: ({ signal }) => fetchElementCompliance(address, signal),
    enabled,
  });
}
