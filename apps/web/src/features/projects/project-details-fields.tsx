import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useT } from '@/lib/i18n';
import type { ProjectDetailsInput, ProjectDetailsValues } from './project-form';

/** Name and description inputs shared by the create and edit dialogs. */
export function ProjectDetailsFields({
  form,
  disabled = false,
}: {
  form: UseFormReturn<ProjectDetailsInput, unknown, ProjectDetailsValues>;
  disabled?: boolean;
}) {
  const t = useT('projects');
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <FormField label={t('projects.fields.name')} error={errors.name?.message}>
        <Input
          autoComplete="off"
          placeholder={t('projects.fields.namePlaceholder')}
          disabled={disabled}
          {...form.register('name')}
        />
      </FormField>
      <FormField
        label={t('projects.fields.description')}
        error={errors.description?.message}
        hint={t('projects.fields.descriptionHint')}
      >
        <Textarea rows={4} disabled={disabled} {...form.register('description')} />
      </FormField>
    </div>
  );
}
