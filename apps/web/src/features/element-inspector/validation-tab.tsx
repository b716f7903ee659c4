import type { ElementCompliance } from '@plumbline/contracts';
import { AlertTriangle, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useT } from '@/lib/i18n';
import { ValidityMarks } from '@/lib/validity-marks';
import { ComplianceDetailCard } from './compliance-detail-card';
import { COMPLIANCE_ERROR_TITLE, complianceErrorDescription, specificationStatus } from './compliance-status';
import { ElementStatusBadge } from './element-status-badge';
import { ElementValidityFindings } from './element-validity';
import type { WaiverTarget } from './request-waiver-dialog';

export interface ValidationTabProps {
  compliance: ElementCompliance | undefined;
  isLoading: boolean;
  error: unknown;
  /** The element and version shown, for waiver requests from a failing specification. */
  waiverTarget?: WaiverTarget | undefined;
}

/** Spec 3 §8: the empty state's hints. */
const EMPTY_HINTS = [
  'compliance.validation.hintIds',
  'compliance.validation.hintUpload',
  'compliance.validation.hintProcess',
] as const;

function Summary({ compliance }: { compliance: ElementCompliance }) {
  const t = useT('compliance');
  const status = compliance.overall_compliance_status;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 py-2.5">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {t('compliance.validation.heading')}
        </p>
        <p className="text-sm">
          {t('compliance.validation.summary', {
            met: compliance.compliant_specifications,
            applicable: compliance.applicable_specifications,
            waived: compliance.waived_specifications,
            checked: compliance.specifications.length,
          })}
        </p>
      </div>
      <ElementStatusBadge
        status={status}
        label={t('compliance.validation.overall', { status: t('compliance.elementStatus', { status }) })}
      />
    </div>
  );
}

export function ValidationTab({ compliance, isLoading, error, waiverTarget }: ValidationTabProps) {
  const t = useT('compliance');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (isLoading) {
    return (
      <div
        className="space-y-2"
        role="status"
        aria-busy="true"
        aria-label={t('compliance.validation.loading')}
      >
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t(COMPLIANCE_ERROR_TITLE)}
        description={t(complianceErrorDescription(error))}
        className="py-8"
      />
    );
  }
  if (!compliance || compliance.specifications.length === 0) {
    return (
      <EmptyState
        icon={ShieldQuestion}
        title={t('compliance.validation.empty')}
        description={
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-left">
            {EMPTY_HINTS.map((hint) => (
              <li key={hint}>{t(hint)}</li>
            ))}
          </ul>
        }
        className="py-8"
      />
    );
  }
  const toggle = (id: string, next: boolean) =>
    setOpen((current) => {
      const copy = new Set(current);
      if (next) copy.add(id);
      else copy.delete(id);
      return copy;
    });
  const reveal = (id: string) => {
    toggle(id, true);
    // After the card has opened: bring it into view inside the scrolling side card.
    requestAnimationFrame(() =>
      document.querySelector(`[data-specification-id="${id}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
  };
  return (
    <div className="space-y-3">
      <Summary compliance={compliance} />
      <ElementValidityFindings findings={compliance.validity_findings} />
      <Table aria-label={t('compliance.validation.specifications')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('compliance.results.specification')}</TableHead>
            <TableHead className="w-32 text-right">{t('compliance.results.status')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {compliance.specifications.map((spec) => {
            const status = specificationStatus(spec);
            return (
              <TableRow key={spec.specification_id}>
                <TableCell className="max-w-0">
                  <button
                    type="button"
                    className="block w-full cursor-pointer truncate text-left font-medium hover:underline"
                    title={t('compliance.validation.showFacets', { name: spec.specification_name })}
                    onClick={() => reveal(spec.specification_id)}
                  >
                    {spec.specification_name}
                  </button>
                  <span className="block truncate text-xs text-muted-foreground">{spec.ids_file_name}</span>
                  <ValidityMarks marks={spec.validity_marks} />
                </TableCell>
                <TableCell className="text-right">
                  <ElementStatusBadge status={status} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div className="space-y-2">
        {compliance.specifications.map((spec) => (
          <ComplianceDetailCard
            key={spec.specification_id}
            specification={spec}
            open={open.has(spec.specification_id)}
            onOpenChange={(next) => toggle(spec.specification_id, next)}
            waiverTarget={waiverTarget}
          />
        ))}
      </div>
    </div>
  );
}
