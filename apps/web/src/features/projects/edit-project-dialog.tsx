import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { applyServerErrors } from '@/lib/forms';
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
      toast.error('Access Denied', { description: 'Demo data cannot be modified.' });
      return;
    }
    update.mutate(
      { projectId: project.id, body: values },
      {
        onSuccess: (updated) => {
          toast.success('Project updated', { description: `Saved changes to ${updated.name}.` });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiRequestError(error)) applyServerErrors(form.setError, error, PROJECT_DETAILS_FIELDS);
          toast.error('Update Error', { description: errorMessage(error, 'Failed to update project.') });
        },
      },
    );
  };

  return (
    <FormDialog
      open={project !== null}
      onOpenChange={onOpenChange}
      title="Edit Project"
      description="Change the project's name and description."
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={update.isPending}
      onReset={() => form.reset()}
    >
      <ProjectDetailsFields form={form} disabled={update.isPending} />
    </FormDialog>
  );
}
