import type { ElementSpecificationCompliance } from '@plumbline/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useActionBlockedReason } from '@/features/projects/permissions';
import { useT } from '@/lib/i18n';
import { RequestWaiverDialog, type WaiverTarget } from './request-waiver-dialog';

/** The inspector's way to ask for a waiver of a failing specification (Editors and Admins). */
export function RequestWaiverButton({
  target,
  specification: spec,
}: {
  target: WaiverTarget;
  specification: ElementSpecificationCompliance;
}) {
  const t = useT('waivers');
  const [open, setOpen] = useState(false);
  const blocked = useActionBlockedReason(target.projectId, 'waivers.request');
  const requirements = spec.requirement_results.flatMap((facet, index) =>
    facet.is_satisfied === false ? [{ index, label: facet.errors[0] ?? facet.facet_type }] : [],
  );
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={blocked !== undefined}
        title={blocked}
        onClick={() => setOpen(true)}
        data-testid="request-waiver"
      >
        <ShieldCheck aria-hidden="true" />
        {t('waivers.request.button')}
      </Button>
      <RequestWaiverDialog
        target={target}
        specification={{ id: spec.specification_id, name: spec.specification_name }}
        requirements={requirements}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
