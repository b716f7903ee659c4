import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ProjectDetailsInput, ProjectDetailsValues } from './project-form';

/** Name and description inputs shared by the create and edit dialogs. */
export function ProjectDetailsFields({
  form,
  disabled = false,
}: {
  form: UseFormReturn<ProjectDetailsInput, unknown, ProjectDetailsValues>;
  disabled?: boolean;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <FormField label="Project name" error={errors.name?.message}>
        <Input
          autoComplete="off"
          placeholder="e.g. Harbour Tower"
          disabled={disabled}
          {...form.register('name')}
        />
      </FormField>
      <FormField
        label="Description"
        error={errors.description?.message}
        hint="Optional. Helps tailor AI insights and suggested questions."
      >
        <Textarea rows={4} disabled={disabled} {...form.register('description')} />
      </FormField>
    </div>
  );
}
