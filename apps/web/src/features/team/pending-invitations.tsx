import { MailPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { rich, useT } from '@/lib/i18n';
import { lazyToast } from '@/lib/lazy-toast';
import { useAnswerInvitation, useMyInvitations } from './my-invitations';

/**
 * Above every dashboard tab while the signed-in person has invitations: each project, the role and who
 * asked, to accept or decline. Nothing shows when there are none.
 */
export function PendingInvitations() {
  const t = useT('common');
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  if (!invitations.data?.length) return null;
  return (
    <section
      className="divide-y divide-border border-b border-border bg-background"
      aria-label={t('common.invitations.label')}
    >
      {invitations.data.map((invitation) => {
        const respond = (accept: boolean) =>
          answer.mutate(
            { id: invitation.id, accept },
            {
              onSuccess: () =>
                lazyToast.success(t(accept ? 'common.invitations.accepted' : 'common.invitations.declined'), {
                  description: accept
                    ? t('common.invitations.joined', {
                        project: invitation.projectName,
                        role: invitation.role,
                      })
                    : invitation.projectName,
                }),
              onError: (error) =>
                lazyToast.error(t('common.invitations.failed'), { description: errorMessage(error) }),
            },
          );
        return (
          <div
            key={invitation.id}
            className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
          >
            <div className="flex min-w-0 items-start gap-3">
              <MailPlus className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p className="text-sm">
                {rich(t, 'common.invitations.text', {
                  inviter: invitation.invitedBy ?? t('common.invitations.someone'),
                  project: invitation.projectName,
                  role: invitation.role,
                  date: formatDate(invitation.expiresAt),
                  b: (chunks) => <span className="font-medium">{chunks}</span>,
                })}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" size="sm" onClick={() => respond(false)} disabled={answer.isPending}>
                {t('common.invitations.decline')}
              </Button>
              <Button size="sm" onClick={() => respond(true)} disabled={answer.isPending}>
                {t('common.invitations.accept')}
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
