import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { verifyEmail } from '@/lib/auth-api';
import { sessionQueryKey } from '@/lib/session';
import { AuthLayout } from './auth-layout';

/** The token of the link: in the fragment (#token=…), which never reaches a server or a Referer. */
function tokenFromLocation(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** /verify-email: opens the link of the verification mail and says whether it worked. */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    // A session in this browser (the unverified notice) now belongs to a verified account.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once: the token is single use, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    verify.mutate(tokenFromLocation());
  }, [verify]);

  const expired = isApiRequestError(verify.error) && verify.error.status === 410;
  const title = verify.isSuccess
    ? 'E-mail address verified'
    : verify.isError
      ? expired
        ? 'Verification link expired'
        : 'Verification link not valid'
      : 'Verifying your e-mail address…';

  return (
    <AuthLayout title={title} subtitle={null}>
      <div className="grid gap-4" aria-live="polite">
        {verify.isSuccess && (
          <Alert>{verify.data.email} is verified. Sign in to open your projects and invitations.</Alert>
        )}
        {verify.isError && <Alert variant="destructive">{errorMessage(verify.error)}</Alert>}
        {!verify.isPending && (
          <Button asChild className="w-full">
            <Link to="/dashboard">
              {verify.isSuccess ? 'Continue to Plumbline' : 'Sign in for a new link'}
            </Link>
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}
