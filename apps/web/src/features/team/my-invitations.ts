import { acceptInvitationResponseSchema, myInvitationListResponseSchema } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { projectKeys } from '../projects/queries';

const myInvitationsKey = ['my-invitations'] as const;

/** Invitations addressed to the signed-in account's verified e-mail. */
export function useMyInvitations() {
  return useQuery({
    queryKey: myInvitationsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/invitations', { schema: myInvitationListResponseSchema, signal })).data,
  });
}

/** Accept (join the project) or decline; either way the invitation is gone and the projects change. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) => {
      const options = { path: { invitationId: id } };
      if (accept)
        await apiRequest(apiPath('/invitations/{invitationId}/accept', options), {
          method: 'POST',
          schema: acceptInvitationResponseSchema,
        });
      else await apiRequest(apiPath('/invitations/{invitationId}', options), { method: 'DELETE' });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myInvitationsKey });
      await queryClient.invalidateQueries({ queryKey: projectKeys.all('live') });
    },
  });
}
