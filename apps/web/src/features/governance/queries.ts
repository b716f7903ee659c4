import {
  type ApiToken,
  type AuditChainVerdict,
  type AuditListResponse,
  apiTokenListSchema,
  apiTokenSchema,
  auditChainVerdictSchema,
  auditListResponseSchema,
  type CreateApiTokenBody,
  type CreatedApiToken,
  createdApiTokenSchema,
} from '@plumbline/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { type ApiAddress, apiPath, apiUrl } from '@/lib/api/paths';
import { queryKeys } from '@/lib/query-keys';

/** Whose tokens: the signed-in person's own, or one project's (its Admins). */
export type TokenOwner = { kind: 'personal' } | { kind: 'project'; projectId: string };

const tokensKey = (owner: TokenOwner) =>
  queryKeys.tokens(owner.kind === 'personal' ? 'personal' : owner.projectId);

function listPath(owner: TokenOwner): ApiAddress {
  return owner.kind === 'personal'
    ? apiPath('/tokens')
    : apiPath('/projects/{projectId}/tokens', { path: { projectId: owner.projectId } });
}

export function useTokens(owner: TokenOwner, enabled = true) {
  return useQuery({
    queryKey: tokensKey(owner),
    queryFn: async ({ signal }): Promise<ApiToken[]> =>
      (await apiRequest(listPath(owner), { schema: apiTokenListSchema, signal })).tokens,
    enabled,
  });
}

export function useCreateToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody): Promise<CreatedApiToken> =>
      apiRequest(listPath(owner), { method: 'POST', body, schema: createdApiTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(owner) }),
  });
}

export function useRevokeToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest(
        owner.kind === 'personal'
          ? apiPath('/tokens/{tokenId}', { path: { tokenId } })
          : apiPath('/projects/{projectId}/tokens/{tokenId}', {
              path: { projectId: owner.projectId, tokenId },
            }),
        { method: 'DELETE', schema: z.object({ token: apiTokenSchema }) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(owner) }),
  });
}

/** The filters of the trail, as the API takes them (empty ones left out). */
export interface AuditFilters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

function auditQuery(filters: AuditFilters) {
  return {
    action: filters.action || null,
    actor: filters.actor.trim() || null,
    from: filters.from || null,
    to: filters.to || null,
  };
}

/** One project's trail (projectId), or the whole installation's (installation admins). */
export function useAuditTrail(projectId: string | null, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.auditTrail(projectId, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditListResponse> => {
      const query = { ...auditQuery(filters), cursor: pageParam, limit: 50 };
      const path = projectId
        ? apiPath('/projects/{projectId}/audit', { path: { projectId }, query })
        : apiPath('/admin/audit', { query });
      return apiRequest(path, { schema: auditListResponseSchema, signal });
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The CSV export's address with the same filters (a download, not a fetch). */
export function auditExportUrl(projectId: string | null, filters: AuditFilters): string {
  const query = auditQuery(filters);
  return projectId
    ? apiUrl('/projects/{projectId}/audit/export', { path: { projectId }, query })
    : apiUrl('/admin/audit/export', { query });
}

export function useVerifyChain() {
  return useMutation({
    mutationFn: (): Promise<AuditChainVerdict> =>
      apiRequest(apiPath('/admin/audit/verify'), { schema: auditChainVerdictSchema }),
  });
}
