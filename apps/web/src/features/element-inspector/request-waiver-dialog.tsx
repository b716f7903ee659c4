import { type WaiverScope, waiverScopeSchema } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ChoiceSelect } from '@/components/choice-select';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useRequestWaiver } from '@/lib/waiver-queries';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Where the request comes from: the element the inspector shows, on its version. */
export interface WaiverTarget {
  projectId: string;
  fileId: string;
  versionId?: string | null | undefined;
  viewerDbId: number;
}

export interface RequestWaiverDialogProps {
  target: WaiverTarget;
  specification: { id: string; name: string };
  /** The failing requirement facets (index in the specification and a description). */
  requirements: ReadonlyArray<{ index: number; label: string }>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Requests a waiver for a failure the inspector shows: scope, requirement, reason, expiry, reference. */
export function RequestWaiverDialog({
  target,
  specification,
  requirements,
  open,
  onOpenChange,
}: RequestWaiverDialogProps) {
  const t = useT('waivers');
  const request = useRequestWaiver(target.projectId);
  const { reset } = request;
  const [scope, setScope] = useState<WaiverScope>('element');
  const [facet, setFacet] = useState<string>(
    requirements.length === 1 ? String(requirements[0]?.index) : 'all',
  );
  const [reason, setReason] = useState('');
  const [expires, setExpires] = useState(day(90));
  const [reference, setReference] = useState('');
  useEffect(() => {
    if (open) {
      setScope('element');
      setReason('');
      setReference('');
      setExpires(day(90));
      reset();
    }
  }, [open, reset]);
  const scopes = waiverScopeSchema.options.map((value) => ({ value, label: t(`waivers.scope.${value}`) }));
  const facets = [
    { value: 'all', label: t('waivers.field.allRequirements') },
    ...requirements.map((r) => ({
      value: String(r.index),
      label: t('waivers.field.requirementN', { n: r.index + 1, facet: r.label }),
    })),
  ];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('waivers.request.title')}
      description={t('waivers.request.description', { specification: specification.name })}
      submitLabel={t('waivers.request.submit')}
      pendingLabel={t('waivers.request.sending')}
      pending={request.isPending}
      submitDisabled={reason.trim() === ''}
      error={request.isError ? t('waivers.request.failed', { reason: errorMessage(request.error) }) : null}
      onSubmit={() =>
        request.mutate(
          {
            file_id: target.fileId,
            ...(target.versionId ? { version_id: target.versionId } : {}),
            specification_id: specification.id,
            scope,
            ...(scope === 'specification' ? {} : { element_id: target.viewerDbId }),
            ...(facet === 'all' ? {} : { facet_index: Number(facet) }),
            reason: reason.trim(),
            ...(reference.trim() ? { reference: reference.trim() } : {}),
            expires_on: expires,
          },
          {
            onSuccess: () => {
              onOpenChange(false);
              toast.success(t('waivers.request.sent'));
            },
          },
        )
      }
    >
      <FormField label={t('waivers.field.scope')}>
        <ChoiceSelect value={scope} onChange={(v) => setScope(v as WaiverScope)} options={scopes} />
      </FormField>
      <FormField label={t('waivers.field.requirement')}>
        <ChoiceSelect value={facet} onChange={setFacet} options={facets} />
      </FormField>
      <FormField label={t('waivers.field.reason')} hint={t('waivers.field.reasonHint')}>
        <Textarea value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} rows={3} />
      </FormField>
      <FormField label={t('waivers.field.expiry')} hint={t('waivers.field.expiryHint')}>
        <Input
          type="date"
          value={expires}
          min={day(1)}
          max={day(364)}
          onChange={(e) => setExpires(e.target.value)}
        />
      </FormField>
      <FormField label={t('waivers.field.reference')} hint={t('waivers.field.referenceHint')}>
        <Input value={reference} maxLength={500} onChange={(e) => setReference(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
