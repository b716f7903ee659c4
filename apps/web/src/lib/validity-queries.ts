import { versionValidityResponseSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/** A file version; `versionId` null for the latest completed one. */
export interface ValidityVersionRef {
  projectId: string;
  fileId: string;
  versionId: string | null;
}

/** Findings listed per rule in the tab (the rule's count says how many there are). */
export const FINDINGS_PER_RULE = 100;

/**
 * A file version's model validity (GET …/validity): every rule, its outcome and first findings
 * (`maxFindings` per rule; 0 for the counts alone, as the Overview card reads them).
 */
export function useVersionValidity(
  { projectId, fileId, versionId }: ValidityVersionRef,
  maxFindings: number = FINDINGS_PER_RULE,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.validity(mode, projectId, fileId, versionId ?? null, maxFindings),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/validity', {
          path: { projectId, fileId },
          query: { versionId: versionId ?? undefined, max_findings: maxFindings },
        }),
        { schema: versionValidityResponseSchema, signal },
      ),
  });
}
