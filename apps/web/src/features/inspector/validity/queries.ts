import { versionValidityResponseSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import type { FileVersionRef } from '../../projects/attribute-queries';

/** Findings listed per rule in the tab (the rule's count says how many there are). */
export const FINDINGS_PER_RULE = 100;

/** A file version's model validity (GET …/validity): every rule, its outcome and first findings. */
export function useVersionValidity({ projectId, fileId, versionId }: FileVersionRef) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: ['validity', mode, projectId, fileId, versionId] as const,
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/validity', {
          path: { projectId, fileId },
          query: { versionId: versionId ?? undefined, max_findings: FINDINGS_PER_RULE },
        }),
        { schema: versionValidityResponseSchema, signal },
      ),
  });
}
