import type { User } from '@plumbline/contracts';
import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { resendVerification } from '@/lib/auth-api';
import { useT } from '@/lib/i18n';
import { useSignOut } from '@/lib/session';
import { AuthLayout } from './auth-layout';

/**
 * What a signed-in account sees until it verifies its address: it can ask for a new link or sign out,
 * nothing else (the server refuses every other request; decision 0158).
 */
export function VerifyEmailNotice({ user }: { user: User }) {
  const t = useT('app', 'pages');
  const resend = useMutation({ mutationFn: resendVerification });
  const signOut = useSignOut();
  return (
    <AuthLayout
      title={t('pages.notice.title')}
      subtitle={t('pages.notice.signedInAs', { email: user.email })}
    >
      <div className="grid gap-4">
        <Alert>
          <span className="flex items-start gap-2">
            <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('pages.notice.text', { email: user.email })}
          </span>
        </Alert>
        {resend.isSuccess && <Alert>{resend.data}</Alert>}
        {resend.isError && <Alert variant="destructive">{errorMessage(resend.error)}</Alert>}
        <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? t('pages.notice.resending') : t('pages.notice.resend')}
        </Button>
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('app.signOut')}
        </Button>
      </div>
    </AuthLayout>
  );
}
