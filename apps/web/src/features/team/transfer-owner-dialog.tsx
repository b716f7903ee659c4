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
  const transfer = useTransferOwnership(projectId);
  const name = member ? memberDisplayName(member) : '';

  const confirm = () => {
    if (!member) return;
    transfer.mutate(member.userId, {
      onSuccess: () => {
        toast.success('Ownership transferred', { description: `${name} now owns ${projectName}.` });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error('Failed to transfer ownership', { description: errorMessage(error) });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !transfer.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Transfer Ownership</AlertDialogTitle>
          <AlertDialogDescription>
            Make {name} ({member?.user.email}) the owner of {projectName}? You stay an Admin, but only the new
            owner can then change or remove Admins, including you.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={transfer.isPending}>Cancel</AlertDialogCancel>
          <Button onClick={confirm} disabled={transfer.isPending}>
            {transfer.isPending ? 'Transferring...' : 'Transfer'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
