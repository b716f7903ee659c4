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
  const { readOnly } = useDataSource();
  const remove = useRemoveMember(projectId);
  const name = member ? memberDisplayName(member) : '';

  const confirm = () => {
    if (!member) return;
    if (readOnly) {
      toast.error('Access Denied', { description: demoBlockedReason() });
      return;
    }
    remove.mutate(member.userId, {
      onSuccess: () => {
        toast.success('Member removed', { description: `${name} no longer has access to ${projectName}.` });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error('Failed to remove member', { description: errorMessage(error) });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove Team Member</AlertDialogTitle>
          <AlertDialogDescription>
            Remove {name} ({member?.user.email}) from {projectName}? They will lose access to the project and
            its reports. You can add them again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button, so the dialog stays open (and busy) until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
