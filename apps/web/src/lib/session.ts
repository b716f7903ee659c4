import type { User } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api';
import { t } from '@/lib/i18n';
import { lazyToast } from '@/lib/lazy-toast';
import { fetchCurrentUser, signOut } from './auth-api';

export const sessionQueryKey = ['session'] as const;

/** The current session (null = signed out). Cached app-wide; sign-in and sign-out update it directly. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    // On the dashboard the first answer was asked for as the page opened (app/first-view-requests.ts).
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user, or null (also null in demo mode, where there is no account). */
export function useCurrentUser(): User | null {
  return useSession().data ?? null;
}

/** Sign out: end the session on the server, forget every cached answer, go to /login (spec 2 §2.9). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      lazyToast.error(t('common.signOutFailed'), { description: errorMessage(error) });
    },
  });
}
