import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ApiTokenScope,
  apiTokenScopeSchema,
  type CreateApiTokenBody,
  type CreatedApiToken,
  createApiTokenBodySchema,
} from '@plumbline/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChoiceSelect } from '@/components/choice-select';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { EXPIRY_DAYS } from './messages';
import { type TokenOwner, useCreateToken } from './queries';

type FormInput = z.input<typeof createApiTokenBodySchema>;
const EMPTY: FormInput = { name: '', scope: 'read', expires_in_days: 90 };
const SCOPES = apiTokenScopeSchema.options;

export interface NewTokenDialogProps {
  owner: TokenOwner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The token as made, with its secret: shown once by the caller. */
  onCreated: (created: CreatedApiToken) => void;
}

/** Names a token, picks its scope and lifetime (at most a year), and makes it. */
export function NewTokenDialog({ owner, open, onOpenChange, onCreated }: NewTokenDialogProps) {
  const t = useT('governance');
  const create = useCreateToken(owner);
  const form = useForm<FormInput, unknown, CreateApiTokenBody>({
    resolver: zodResolver(createApiTokenBodySchema),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('governance.create.title')}
      description={t('governance.create.description')}
      submitLabel={t('governance.create.submit')}
      pendingLabel={t('governance.create.pending')}
      pending={create.isPending}
      error={create.isError ? t('governance.create.failed', { error: errorMessage(create.error) }) : null}
      onSubmit={form.handleSubmit((body) =>
        create.mutate(body, {
          onSuccess: (created) => {
            onOpenChange(false);
            onCreated(created);
          },
        }),
      )}
    >
      <div className="grid gap-4">
        <FormField label={t('governance.create.name')} error={errors.name?.message}>
          <Input
            autoComplete="off"
            placeholder={t('governance.create.namePlaceholder')}
            {...form.register('name')}
          />
        </FormField>
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <FormField
              label={t('governance.create.scope')}
              hint={t('governance.scope.hint', { scope: field.value })}
            >
              <ChoiceSelect
                value={field.value}
                onChange={(next) => field.onChange(next as ApiTokenScope)}
                options={SCOPES.map((scope) => ({
                  value: scope,
                  label: t('governance.scope.label', { scope }),
                }))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="expires_in_days"
          render={({ field }) => (
            <FormField label={t('governance.create.expiry')}>
              <ChoiceSelect
                value={String(field.value)}
                onChange={(next) => field.onChange(Number(next))}
                options={EXPIRY_DAYS.map((days) => ({
                  value: String(days),
                  label: t('governance.create.expiryDays', { days }),
                }))}
              />
            </FormField>
          )}
        />
      </div>
    </FormDialog>
  );
}
