import type { ElementCompliance } from '@plumbline/contracts';
import { AlertTriangle, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ValidityMarks } from '@/lib/validity-marks';
import { ComplianceDetailCard } from './compliance-detail-card';
import {
  COMPLIANCE_ERROR_TITLE,
  complianceErrorDescription,
  STATUS_LABEL,
  specificationStatus,
} from './compliance-status';
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
  'Configure and activate IDS files for this project.',
  'Upload or re-process the model on the Projects tab: each upload is checked against the active IDS files.',
  'Validate this element by processing the model version it belongs to.',
];

function Summary({ compliance }: { compliance: ElementCompliance }) {
  const status = compliance.overall_compliance_status;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 py-2.5">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">IDS compliance</p>
        <p className="text-sm">
          {compliance.compliant_specifications} of {compliance.applicable_specifications} applicable
          specifications met
          {compliance.waived_specifications > 0 && <> · {compliance.waived_specifications} waived</>} ·{' '}
          {compliance.specifications.length} checked
        </p>
      </div>
      <ElementStatusBadge status={status} label={`Overall status: ${STATUS_LABEL[status]}`} />
    </div>
  );
}

export function ValidationTab({ compliance, isLoading, error, waiverTarget }: ValidationTabProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (isLoading) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading compliance data">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={COMPLIANCE_ERROR_TITLE}
        description={complianceErrorDescription(error)}
        className="py-8"
      />
    );
  }
  if (!compliance || compliance.specifications.length === 0) {
    return (
      <EmptyState
        icon={ShieldQuestion}
        title="No compliance data found for this element"
        description={
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-left">
            {EMPTY_HINTS.map((hint) => (
              <li key={hint}>{hint}</li>
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
      <Table aria-label="Specifications">
        <TableHeader>
          <TableRow>
            <TableHead>Specification</TableHead>
            <TableHead className="w-32 text-right">Status</TableHead>
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
                    title={`${spec.specification_name}: show its facets`}
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
