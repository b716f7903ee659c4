import { myInvitationListResponseSchema } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { invalidateEveryProject } from '../projects/queries';
import { useTeamSource } from './data-source';

const myInvitationsKey = ['my-invitations'] as const;

/** Invitations addressed to the signed-in account's verified e-mail. */
export function useMyInvitations() {
  return useQuery({
    queryKey: myInvitationsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPath('/invitations'), { schema: myInvitationListResponseSchema, signal })).data,
  });
}

/** Accept (join the project) or decline; either way the invitation is gone and the projects change. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  const { mode, source } = useTeamSource();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) => source.answerInvitation(id, accept),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myInvitationsKey });
      await invalidateEveryProject(queryClient, mode);
    },
  });
}
