import { useQuery } from '@tanstack/react-query';
import { useDataSource } from '@/lib/data-source';
import { type ElementAddress, fetchElement, fetchElementCompliance } from './api';

function key(mode: string, a: ElementAddress, part: 'element' | 'compliance') {
  return [
    mode,
    'projects',
    a.projectId,
    'files',
    a.fileId,
    a.versionId ?? 'latest',
    'elements',
    a.viewerDbId,
    part,
  ];
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
