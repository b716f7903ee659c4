import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { applyServerErrors } from '@/lib/forms';
import { useT } from '@/lib/i18n';
import { demoBlockedReason } from './permissions';
import { ProjectDetailsFields } from './project-details-fields';
import {
  PROJECT_DETAILS_FIELDS,
  type ProjectDetailsInput,
  type ProjectDetailsValues,
  projectDetailsFormSchema,
} from './project-form';
import { useUpdateProject } from './queries';

export interface EditProjectDialogProps {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}

/** Edit a project's name and description (spec 2 §2.2, §5). */
export function EditProjectDialog({ project, onOpenChange }: EditProjectDialogProps) {
  const t = useT('projects', 'permissions');
  const { readOnly } = useDataSource();
  const update = useUpdateProject();
  const form = useForm<ProjectDetailsInput, unknown, ProjectDetailsValues>({
    resolver: zodResolver(projectDetailsFormSchema),
    defaultValues: { name: '', description: '' },
  });

  useEffect(() => {
    if (project) form.reset({ name: project.name, description: project.description });
  }, [project, form]);

  const onSubmit = (values: ProjectDetailsValues) => {
    if (!project) return;
    if (readOnly) {
      toast.error(t('projects.edit.accessDenied'), { description: demoBlockedReason() });
      return;
    }
    update.mutate(
      { projectId: project.id, body: values },
      {
        onSuccess: (updated) => {
          toast.success(t('projects.edit.updated'), {
            description: t('projects.edit.updatedDescription', { name: updated.name }),
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiRequestError(error)) applyServerErrors(form.setError, error, PROJECT_DETAILS_FIELDS);
          toast.error(t('projects.updateError'), {
            description: errorMessage(error, t('projects.edit.failed')),
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={project !== null}
      onOpenChange={onOpenChange}
      title={t('projects.edit.title')}
      description={t('projects.edit.description')}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={t('projects.edit.submit')}
      pendingLabel={t('projects.edit.pending')}
      pending={update.isPending}
      onReset={() => form.reset()}
    >
      <ProjectDetailsFields form={form} disabled={update.isPending} />
    </FormDialog>
  );
}
