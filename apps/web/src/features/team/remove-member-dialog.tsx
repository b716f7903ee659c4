import type { Member } from '@plumbline/contracts';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { memberDisplayName } from './member-list';
import { demoBlockedReason } from './member-permissions';
import { useRemoveMember } from './queries';

export interface RemoveMemberDialogProps {
  projectId: string | undefined;
  projectName: string;
  /** The member to remove; null closes the dialog. */
  member: Member | null;
  onOpenChange: (open: boolean) => void;
}

/** Asks before taking a member off the project. */
export function RemoveMemberDialog({
  projectId,
  projectName,
  member,
  onOpenChange,
}: RemoveMemberDialogProps) {
  const t = useT('team');
  const { readOnly } = useDataSource();
  const remove = useRemoveMember(projectId);
  const name = member ? memberDisplayName(member) : '';

  const confirm = () => {
    if (!member) return;
    if (readOnly) {
      toast.error(t('team.accessDenied'), { description: demoBlockedReason() });
      return;
    }
    remove.mutate(member.userId, {
      onSuccess: () => {
        toast.success(t('team.remove.removed'), {
          description: t('team.remove.removedDescription', { name, project: projectName }),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(t('team.remove.failed'), { description: errorMessage(error) });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('team.remove.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('team.remove.description', { name, email: member?.user.email ?? '', project: projectName })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t('common.cancel')}</AlertDialogCancel>
          {/* A plain button, so the dialog stays open (and busy) until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t(remove.isPending ? 'team.remove.pending' : 'team.remove.submit')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
