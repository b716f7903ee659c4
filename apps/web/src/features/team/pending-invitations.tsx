import { MailPlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useAnswerInvitation, useMyInvitations } from './my-invitations';

/**
 * Above every dashboard tab while the signed-in person has invitations: each project, the role and who
 * asked, to accept or decline. Nothing shows when there are none.
 */
export function PendingInvitations() {
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  if (!invitations.data?.length) return null;
  return (
    <section
      className="divide-y divide-border border-b border-border bg-background"
      aria-label="Project invitations"
    >
      {invitations.data.map((invitation) => {
        const respond = (accept: boolean) =>
          answer.mutate(
            { id: invitation.id, accept },
            {
              onSuccess: () =>
                toast.success(accept ? 'Invitation accepted' : 'Invitation declined', {
                  description: accept
                    ? `You joined ${invitation.projectName} as ${invitation.role}.`
                    : invitation.projectName,
                }),
              onError: (error) =>
                toast.error('Failed to answer the invitation', { description: errorMessage(error) }),
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
                <span className="font-medium">{invitation.invitedBy ?? 'A project Admin'}</span> invited you
                to <span className="font-medium">{invitation.projectName}</span> as {invitation.role}. You can
                accept until {formatDate(invitation.expiresAt)}.
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" size="sm" onClick={() => respond(false)} disabled={answer.isPending}>
                Decline
              </Button>
              <Button size="sm" onClick={() => respond(true)} disabled={answer.isPending}>
                Accept
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
