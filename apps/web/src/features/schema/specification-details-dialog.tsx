import type { IdsSpecification } from '@plumbline/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { FacetList } from './facet-list';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** 'View Details' of the IDS Specifications table: everything the specification says and its compliance. */
export function SpecificationDetailsDialog({
  specification,
  onClose,
}: {
  specification: IdsSpecification | null;
  onClose: () => void;
}) {
  const t = useT('schema');
  const s = specification;
  const summary = s?.compliance_summary;
  return (
    <Dialog open={s !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        {s && (
          <>
            <DialogHeader>
              <DialogTitle>{s.name}</DialogTitle>
              <DialogDescription>{s.description ?? t('schema.details.noDescription')}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label={t('schema.details.idsFile')}>{s.ids_file_name}</Field>
              <Field label={t('schema.details.identifier')}>{s.identifier ?? '—'}</Field>
              <Field label={t('schema.details.ifcVersions')}>{s.ifc_versions.join(', ') || '—'}</Field>
              <Field label={t('schema.details.cardinality')}>
                {t('schema.details.cardinalityValue', {
                  cardinality: t('schema.facet.cardinality', { cardinality: s.cardinality }),
                  min: s.min_occurs,
                  max: s.max_occurs ?? t('schema.details.unbounded'),
                })}
              </Field>
              {summary && (
                <>
                  <Field label={t('schema.details.compliance')}>
                    {formatPercent(summary.compliance_rate, 1)}
                  </Field>
                  <Field label={t('schema.details.compliantApplicable')}>
                    {formatNumber(summary.compliant_elements)} / {formatNumber(summary.applicable_elements)}
                  </Field>
                  <Field label={t('schema.details.applicability')}>
                    {t('schema.details.applicabilityValue', {
                      rate: summary.applicability_rate,
                      total: formatNumber(summary.total_elements),
                    })}
                  </Field>
                  <Field label={t('schema.details.facets')}>
                    {t('schema.details.facetsValue', {
                      passed: summary.passed_facets,
                      failed: summary.failed_facets,
                      total: summary.total_facets,
                    })}
                  </Field>
                  <Field label={t('schema.details.cardinalitySatisfied')}>
                    {t('schema.yesNo', { value: summary.cardinality_satisfied ? 'yes' : 'no' })}
                  </Field>
                </>
              )}
            </dl>
            {s.instructions && <p className="text-sm text-muted-foreground">{s.instructions}</p>}
            <FacetList title={t('schema.details.applicability')} facets={s.applicability_facets} />
            <FacetList title={t('schema.requirements')} facets={s.requirement_facets} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
