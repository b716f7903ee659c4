import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ApiTokenScope,
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
import { EXPIRY_DAYS, SCOPE_TEXT, GOVERNANCE_TEXT as T } from './messages';
import { type TokenOwner, useCreateToken } from './queries';

type FormInput = z.input<typeof createApiTokenBodySchema>;
const EMPTY: FormInput = { name: '', scope: 'read', expires_in_days: 90 };
const SCOPES = Object.keys(SCOPE_TEXT) as ApiTokenScope[];

export interface NewTokenDialogProps {
  owner: TokenOwner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The token as made, with its secret: shown once by the caller. */
  onCreated: (created: CreatedApiToken) => void;
}

/** Names a token, picks its scope and lifetime (at most a year), and makes it. */
export function NewTokenDialog({ owner, open, onOpenChange, onCreated }: NewTokenDialogProps) {
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
      title={T.createTitle}
      description={T.createDescription}
      submitLabel={T.create}
      pendingLabel={T.creating}
      pending={create.isPending}
      error={create.isError ? `${T.createFailed}: ${errorMessage(create.error)}` : null}
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
        <FormField label={T.nameLabel} error={errors.name?.message}>
          <Input autoComplete="off" placeholder={T.namePlaceholder} {...form.register('name')} />
        </FormField>
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <FormField label={T.scopeLabel} hint={SCOPE_TEXT[field.value].hint}>
              <ChoiceSelect
                value={field.value}
                onChange={(next) => field.onChange(next as ApiTokenScope)}
                options={SCOPES.map((scope) => ({ value: scope, label: SCOPE_TEXT[scope].label }))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="expires_in_days"
          render={({ field }) => (
            <FormField label={T.expiryLabel}>
              <ChoiceSelect
                value={String(field.value)}
                onChange={(next) => field.onChange(Number(next))}
                options={EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` }))}
              />
            </FormField>
          )}
        />
      </div>
    </FormDialog>
  );
}
