import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataSource } from '@/lib/data-source';
import { useBimFiles } from '../../projects/files/queries';
import { newestProcessedVersion, type StudioModel } from './studio-api';
import { studioKeys } from './studio-keys';

/**
 * The model the Studio's pickers and live counts read: the newest processed version of a file of
 * the project, the first processed file unless another (or none) is chosen.
 */
export function useStudioModel(projectId: string) {
  const { mode } = useDataSource();
  const files = useBimFiles(projectId);
  const processed = (files.data ?? []).filter((f) => f.status === 'completed' && f.included);
  const [fileId, setFileId] = useState<string | null>(null);
  const chosen = fileId ?? processed[0]?.id ?? '';
  const version = useQuery({
    queryKey: studioKeys.newestVersion(mode, projectId, chosen),
    queryFn: ({ signal }) => newestProcessedVersion(projectId, chosen, signal),
    enabled: chosen !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const model: StudioModel | null = chosen === '' ? null : (version.data ?? null);
  return { files: processed, chosen, choose: setFileId, model };
}

export type StudioModelChoice = ReturnType<typeof useStudioModel>;
