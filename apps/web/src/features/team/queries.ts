import type { AddMemberBody, MemberListResponse, ProjectRole } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@/lib/api';
import { billingKeys } from '@/lib/billing';
import { projectChanged } from '@/lib/project-freshness';
import { shouldRetry } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useTeamSource } from './data-source';
import { isTimeoutError } from './load-error';

/**
 * Members live under the project's root (lib/query-keys.ts), so a change here also refreshes what the
 * Projects and Overview areas count (team sizes, unique members) with the project's other views.
 */
function useProjectTeam<T>(projectId: string | undefined, select: (team: MemberListResponse) => T) {
  const { mode, source } = useTeamSource();
  return useQuery({
    queryKey: queryKeys.members(mode, projectId ?? ''),
    queryFn: ({ signal }) => source.listTeam(projectId ?? '', signal),
    select,
    enabled: Boolean(projectId),
    // A timeout already waited long enough; asking twice more would triple the wait.
    retry: (failureCount, error) => !isTimeoutError(error) && shouldRetry(failureCount, error),
  });
}

const selectMembers = (team: MemberListResponse) => team.data;
const selectInvitations = (team: MemberListResponse) => team.invitations;

/** The project's members (one request with the invitations: the same cached answer). */
export function useProjectMembers(projectId: string | undefined) {
  return useProjectTeam(projectId, selectMembers);
}

/** The addresses invited to the project and not yet members. */
export function useProjectInvitations(projectId: string | undefined) {
  return useProjectTeam(projectId, selectInvitations);
}

function useInvalidateProjects(projectId: string | undefined) {
  const { mode } = useTeamSource();
  const queryClient = useQueryClient();
  return () => {
    // The project's views (team counts, the plan's member counter: issue 17) and the lists ask again.
    if (projectId) projectChanged(queryClient, mode, projectId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.memberships(mode) });
    return queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };
}

export function useAddMember(projectId: string | undefined) {
  const { source } = useTeamSource();
  const invalidate = useInvalidateProjects(projectId);
  return useMutation({
    mutationFn: (body: AddMemberBody) => source.addMember(projectId ?? '', body),
    onSuccess: invalidate,
  });
}

export function useChangeMemberRole(projectId: string | undefined) {
  const { source } = useTeamSource();
  const invalidate = useInvalidateProjects(projectId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProjectRole }) =>
      source.changeRole(projectId ?? '', userId, role),
    onSuccess: invalidate,
    // The member (or our Admin role) may have changed elsewhere: show the list as it is now.
    onError: (error) => {
      if (isApiRequestError(error) && (error.status === 403 || error.isNotFound)) return invalidate();
    },
  });
}

export function useRemoveMember(projectId: string | undefined) {
  const { source } = useTeamSource();
  const invalidate = useInvalidateProjects(projectId);
  return useMutation({
    mutationFn: (userId: string) => source.removeMember(projectId ?? '', userId),
    onSuccess: invalidate,
    onError: (error) => {
      if (isApiRequestError(error) && (error.status === 403 || error.isNotFound)) return invalidate();
    },
  });
}

export function useRevokeInvitation(projectId: string | undefined) {
  const { source } = useTeamSource();
  const invalidate = useInvalidateProjects(projectId);
  return useMutation({
    mutationFn: (invitationId: string) => source.revokeInvitation(projectId ?? '', invitationId),
    onSettled: invalidate,
  });
}

export function useTransferOwnership(projectId: string | undefined) {
  const { source } = useTeamSource();
  const invalidate = useInvalidateProjects(projectId);
  return useMutation({
    mutationFn: (userId: string) => source.transferOwnership(projectId ?? '', userId),
    onSettled: invalidate,
  });
}
