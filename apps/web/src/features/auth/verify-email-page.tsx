import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { verifyEmail } from '@/lib/auth-api';
import { useT } from '@/lib/i18n';
import { sessionQueryKey } from '@/lib/session';
import { AuthLayout } from './auth-layout';

/** The token of the link: in the fragment (#token=…), which never reaches a server or a Referer. */
function tokenFromLocation(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** /verify-email: opens the link of the verification mail and says whether it worked. */
export function VerifyEmailPage() {
  const t = useT('pages');
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
    ? t('pages.verify.verified')
    : verify.isError
      ? expired
        ? t('pages.verify.expired')
        : t('pages.verify.invalid')
      : t('pages.verify.verifying');

  return (
    <AuthLayout title={title} subtitle={null}>
      <div className="grid gap-4" aria-live="polite">
        {verify.isSuccess && <Alert>{t('pages.verify.verifiedText', { email: verify.data.email })}</Alert>}
        {verify.isError && <Alert variant="destructive">{errorMessage(verify.error)}</Alert>}
        {!verify.isPending && (
          <Button asChild className="w-full">
            <Link to="/dashboard">
              {verify.isSuccess ? t('pages.verify.continue') : t('pages.verify.signInForNewLink')}
            </Link>
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}
