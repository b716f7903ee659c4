import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/forms';
import { ProjectDetailsFields } from './project-details-fields';
import {
  PROJECT_DETAILS_FIELDS,
  type ProjectDetailsInput,
  type ProjectDetailsValues,
  projectDetailsFormSchema,
} from './project-form';
import { useCreateProject } from './queries';

export interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (project: Project) => void;
}

/**
 * Creates a project from a name and description. The six-step wizard with file import and payment
 * (spec 1 §2.1) replaces this form's body later; the entry points stay the same.
 */
export function CreateProjectDialog({ open, onOpenChange, onCreated }: CreateProjectDialogProps) {
  const create = useCreateProject();
  const form = useForm<ProjectDetailsInput, unknown, ProjectDetailsValues>({
    resolver: zodResolver(projectDetailsFormSchema),
    defaultValues: { name: '', description: '' },
  });

  // The dialog starts empty every time it opens.
  useEffect(() => {
    if (open) form.reset({ name: '', description: '' });
  }, [open, form]);

  const onSubmit = (values: ProjectDetailsValues) =>
    create.mutate(values, {
      onSuccess: (project) => {
        toast.success('Project created successfully', {
          description: 'Your new project has been set up and is ready to use',
        });
        onOpenChange(false);
        onCreated?.(project);
      },
      onError: (error) => applyServerErrors(form.setError, error, PROJECT_DETAILS_FIELDS),
    });

  const rootError = form.formState.errors.root?.server?.message;
  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <ErrorBoundary variant="form" onReset={() => form.reset()}>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Create New Project</DialogTitle>
              <DialogDescription>
                Give the project a name; you can add model files to it next.
              </DialogDescription>
            </DialogHeader>
            <ProjectDetailsFields form={form} disabled={create.isPending} />
            {rootError && <Alert variant="destructive">{rootError}</Alert>}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Project'}
              </Button>
            </DialogFooter>
          </form>
        </ErrorBoundary>
      </DialogContent>
    </Dialog>
  );
}
