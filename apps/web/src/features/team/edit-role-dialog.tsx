import type { Member, ProjectRole } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { memberDisplayName } from './member-list';
import { demoBlockedReason } from './member-permissions';
import { useChangeMemberRole } from './queries';
import { RoleSelect } from './role-select';

export interface EditRoleDialogProps {
  projectId: string | undefined;
  /** The member being edited; null closes the dialog. */
  member: Member | null;
  onOpenChange: (open: boolean) => void;
}

/** Changes a (non-Admin) member's project role. */
export function EditRoleDialog({ projectId, member, onOpenChange }: EditRoleDialogProps) {
  const t = useT('team');
  const { readOnly } = useDataSource();
  const change = useChangeMemberRole(projectId);
  const [role, setRole] = useState<ProjectRole>('Viewer');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (member) setRole(member.projectRole);
    setFailure(null);
  }, [member]);

  const onSubmit = () => {
    if (!member) return;
    if (readOnly) {
      toast.error(t('team.accessDenied'), { description: demoBlockedReason() });
      return;
    }
    if (role === member.projectRole) {
      onOpenChange(false);
      return;
    }
    change.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (updated) => {
          toast.success(t('team.edit.updated'), {
            description: t('team.edit.updatedDescription', {
              name: memberDisplayName(updated),
              role: updated.projectRole,
            }),
          });
          onOpenChange(false);
        },
        onError: (error) => setFailure(errorMessage(error, t('team.edit.failed'))),
      },
    );
  };

  const name = member ? memberDisplayName(member) : '';
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={t('team.edit.title')}
      description={t('team.edit.description', { name, email: member?.user.email ?? '' })}
      onSubmit={onSubmit}
      submitLabel={t('team.edit.submit')}
      pendingLabel={t('team.edit.pending')}
      pending={change.isPending}
      error={failure}
    >
      <FormField label={t('team.role')} hint={t('team.roleDescription', { role })}>
        <RoleSelect value={role} onChange={setRole} disabled={change.isPending} />
      </FormField>
    </FormDialog>
  );
}
