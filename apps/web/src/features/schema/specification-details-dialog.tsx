import type { IdsSpecification } from '@plumbline/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatNumber } from '@/lib/format';
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
  const s = specification;
  const summary = s?.compliance_summary;
  return (
    <Dialog open={s !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        {s && (
          <>
            <DialogHeader>
              <DialogTitle>{s.name}</DialogTitle>
              <DialogDescription>{s.description ?? 'No description'}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label="IDS file">{s.ids_file_name}</Field>
              <Field label="Identifier">{s.identifier ?? '—'}</Field>
              <Field label="IFC versions">{s.ifc_versions.join(', ') || '—'}</Field>
              <Field label="Cardinality">
                {s.cardinality} (min {s.min_occurs}, max {s.max_occurs ?? 'unbounded'})
              </Field>
              {summary && (
                <>
                  <Field label="Compliance">{summary.compliance_rate}%</Field>
                  <Field label="Compliant / applicable">
                    {formatNumber(summary.compliant_elements)} / {formatNumber(summary.applicable_elements)}
                  </Field>
                  <Field label="Applicability">
                    {summary.applicability_rate}% of {formatNumber(summary.total_elements)} elements
                  </Field>
                  <Field label="Facets passed / failed">
                    {summary.passed_facets} / {summary.failed_facets} of {summary.total_facets}
                  </Field>
                  <Field label="Cardinality satisfied">{summary.cardinality_satisfied ? 'Yes' : 'No'}</Field>
                </>
              )}
            </dl>
            {s.instructions && <p className="text-sm text-muted-foreground">{s.instructions}</p>}
            <FacetList title="Applicability" facets={s.applicability_facets} />
            <FacetList title="Requirements" facets={s.requirement_facets} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
