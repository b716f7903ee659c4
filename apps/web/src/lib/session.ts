import type { User } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { fetchCurrentUser, signOut } from './auth-api';

export const sessionQueryKey = ['session'] as const;

let earlyCheck: Promise<User | null> | undefined;

/**
 * Starts asking who is signed in before the page that needs it has loaded (main.tsx, when the app
 * opens on the dashboard), so the answer and the dashboard's code arrive together instead of one
 * after the other. Only the app's first session query takes this answer; later ones ask again.
 */
export function startSessionCheck(): void {
  if (earlyCheck) return;
  earlyCheck = fetchCurrentUser();
  // Not an unhandled rejection in the meantime; the session query still receives the error.
  earlyCheck.catch(() => {});
}

/** The current session (null = signed out). Cached app-wide; sign-in and sign-out update it directly. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => {
      const early = earlyCheck;
      earlyCheck = undefined;
      return early ?? fetchCurrentUser(signal);
    },
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
      toast.error('Sign out failed', { description: errorMessage(error) });
    },
  });
}
