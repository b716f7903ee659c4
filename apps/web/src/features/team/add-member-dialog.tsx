import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDataSource } from '@/lib/data-source';
import { applyServerErrors } from '@/lib/forms';
import { useT } from '@/lib/i18n';
import { projectDisplayName } from '../projects/project-search';
import {
  ADD_MEMBER_FIELDS,
  type AddMemberFormInput,
  type AddMemberFormValues,
  addMemberFormSchema,
} from './member-form';
import { demoBlockedReason } from './member-permissions';
import { useAddMember } from './queries';
import { RoleSelect } from './role-select';

const EMPTY: AddMemberFormInput = { email: '', role: 'Viewer' };

export interface AddMemberDialogProps {
  project: Project | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Adds or invites someone by e-mail, with a role (spec 2 §2.8, §5 'Invite member'; decision 0158): a
 * verified account joins as Editor or Viewer at once, anyone else accepts an invitation first.
 */
export function AddMemberDialog({ project, open, onOpenChange }: AddMemberDialogProps) {
  const t = useT('team');
  const { readOnly } = useDataSource();
  const add = useAddMember(project?.id);
  const form = useForm<AddMemberFormInput, unknown, AddMemberFormValues>({
    resolver: zodResolver(addMemberFormSchema),
    defaultValues: EMPTY,
  });

  // The dialog starts empty every time it opens.
  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = (values: AddMemberFormValues) => {
    if (readOnly) {
      toast.error(t('team.accessDenied'), { description: demoBlockedReason() });
      return;
    }
    add.mutate(values, {
      // The same answer whether the address has an account or not: it joins at once or is invited.
      onSuccess: (answer) => {
        toast.success(t('team.add.sent'), { description: answer.message });
        onOpenChange(false);
      },
      // The server's own words (already a member, already invited, the plan's limit) show in the form.
      onError: (error) => applyServerErrors(form.setError, error, ADD_MEMBER_FIELDS),
    });
  };

  const { errors } = form.formState;
  const rootError = errors.root?.server?.message;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.add.title')}
      description={t('team.add.description', {
        project: project ? projectDisplayName(project) : t('team.add.thisProject'),
      })}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={t('team.add.submit')}
      pendingLabel={t('team.add.pending')}
      pending={add.isPending}
      error={rootError}
      onReset={() => form.reset(EMPTY)}
    >
      <div className="grid gap-4">
        <FormField label={t('team.add.email')} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="off"
            placeholder={t('team.add.emailPlaceholder')}
            disabled={add.isPending}
            {...form.register('email', {
              // The server's answer was about the previous address: drop it once the address changes.
              onChange: () => form.clearErrors('root.server'),
            })}
          />
        </FormField>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <FormField label={t('team.role')} hint={t('team.roleDescription', { role: field.value })}>
              <RoleSelect value={field.value} onChange={field.onChange} disabled={add.isPending} />
            </FormField>
          )}
        />
      </div>
    </FormDialog>
  );
}
