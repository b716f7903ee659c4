import type { ElementSpecificationCompliance, FacetResult } from '@plumbline/contracts';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { SegmentedTabsList, SegmentedTabsTrigger, Tabs, TabsContent } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { capped, type FacetSection, ISSUES_SHOWN, specificationStatus } from './compliance-status';
import { ElementStatusBadge } from './element-status-badge';
import { FacetResultItem } from './facet-result-item';
import { RequestWaiverButton } from './request-waiver-button';
import type { WaiverTarget } from './request-waiver-dialog';

export interface ComplianceDetailCardProps {
  specification: ElementSpecificationCompliance;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The element and version shown: a failing specification offers a waiver request for it. */
  waiverTarget?: WaiverTarget | undefined;
}

function FacetList({
  facets,
  section,
  empty,
}: {
  facets: FacetResult[];
  section: FacetSection;
  empty: string;
}) {
  if (facets.length === 0) return <p className="py-3 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-1.5">
      {facets.map((facet, index) => (
        // Facets have no id of their own; their position in the specification is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <FacetResultItem key={index} facet={facet} section={section} />
      ))}
    </ul>
  );
}

/** Property-level compliance of one element for one specification, collapsible (spec 3 §2.4). */
export function ComplianceDetailCard({
  specification: spec,
  open,
  onOpenChange,
  waiverTarget,
}: ComplianceDetailCardProps) {
  const t = useT('compliance');
  const status = specificationStatus(spec);
  const bodyId = useId();
  const issues = capped([...spec.overall_errors, ...spec.failure_reasons], ISSUES_SHOWN);
  return (
    <section
      className="rounded-lg border border-border bg-card"
      aria-label={t('compliance.detail.label', { name: spec.specification_name })}
      data-specification-id={spec.specification_id}
    >
      <button
        type="button"
        className="flex w-full cursor-pointer items-start gap-2 px-3 py-2.5 text-left"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onOpenChange(!open)}
      >
        <ChevronDown
          className={cn(
            'mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform',
            !open && '-rotate-90',
          )}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold break-words">{spec.specification_name}</span>
          <span className="block text-xs text-muted-foreground">
            {t('compliance.detail.idChecked', {
              id: spec.specification_identifier ?? spec.specification_id,
              at: formatDateTime(spec.last_checked_at),
            })}
          </span>
        </span>
        <ElementStatusBadge status={status} />
      </button>
      {open && (
        <div id={bodyId} className="space-y-3 border-t border-border px-3 py-3">
          <p className="text-xs text-muted-foreground">
            {t('compliance.detail.idsFile', { name: spec.ids_file_name })}
          </p>
          {spec.is_waived && <p className="text-sm text-[#86198f]">{t('compliance.detail.waived')}</p>}
          {waiverTarget && spec.meets_requirements === false && !spec.is_waived && (
            <RequestWaiverButton target={waiverTarget} specification={spec} />
          )}
          {issues.shown.length > 0 && (
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {t('compliance.detail.issues')}
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-red-800">
                {issues.shown.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
              {issues.hidden > 0 && (
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('compliance.detail.moreIssues', { count: issues.hidden })}
                </p>
              )}
            </div>
          )}
          <Tabs
            defaultValue={
              status === 'non_compliant' || status === 'waived' ? 'requirements' : 'applicability'
            }
          >
            <SegmentedTabsList>
              <SegmentedTabsTrigger value="applicability">
                {t('compliance.detail.applicability', { count: spec.applicability_results.length })}
              </SegmentedTabsTrigger>
              <SegmentedTabsTrigger value="requirements">
                {t('compliance.detail.requirements', { count: spec.requirement_results.length })}
              </SegmentedTabsTrigger>
            </SegmentedTabsList>
            <TabsContent value="applicability" className="mt-2">
              <FacetList
                facets={spec.applicability_results}
                section="applicability"
                empty={t('compliance.detail.noApplicability')}
              />
            </TabsContent>
            <TabsContent value="requirements" className="mt-2">
              <FacetList
                facets={spec.requirement_results}
                section="requirements"
                empty={t('compliance.detail.noRequirements')}
              />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </section>
  );
}
