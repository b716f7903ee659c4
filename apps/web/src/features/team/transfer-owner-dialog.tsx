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
import { useT } from '@/lib/i18n';
import { memberDisplayName } from './member-list';
import { useTransferOwnership } from './queries';

export interface TransferOwnerDialogProps {
  projectId: string | undefined;
  projectName: string;
  /** The Admin to receive the ownership; null closes the dialog. */
  member: Member | null;
  onOpenChange: (open: boolean) => void;
}

/** Asks the owner before handing the project's ownership to another Admin. */
export function TransferOwnerDialog({
  projectId,
  projectName,
  member,
  onOpenChange,
}: TransferOwnerDialogProps) {
  const t = useT('team');
  const transfer = useTransferOwnership(projectId);
  const name = member ? memberDisplayName(member) : '';

  const confirm = () => {
    if (!member) return;
    transfer.mutate(member.userId, {
      onSuccess: () => {
        toast.success(t('team.transfer.done'), {
          description: t('team.transfer.doneDescription', { name, project: projectName }),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(t('team.transfer.failed'), { description: errorMessage(error) });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !transfer.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('team.transfer.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('team.transfer.description', { name, email: member?.user.email ?? '', project: projectName })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={transfer.isPending}>{t('common.cancel')}</AlertDialogCancel>
          <Button onClick={confirm} disabled={transfer.isPending}>
            {t(transfer.isPending ? 'team.transfer.pending' : 'team.transfer.submit')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
