import type { SchemaSpecification, SpecificationState } from '@plumbline/contracts';
import { ChevronRight, FileText } from 'lucide-react';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';

/** The progress bar's colour for the server's state (decision 0173). */
const BAR: Record<SpecificationState, string> = {
  passed: 'bg-green-600',
  warning: 'bg-yellow-500',
  failed: 'bg-red-600',
  not_applicable: 'bg-muted-foreground/40',
  not_checked: 'bg-muted-foreground/40',
};

interface SpecificationsListProps {
  specifications: SchemaSpecification[];
  loading: boolean;
  onSelect: (specificationId: string) => void;
}

/** One card per specification; choosing one shows its requirements, filtered. */
export function SpecificationsList({ specifications, loading, onSelect }: SpecificationsListProps) {
  const t = useT('inspector');
  if (loading) return <Skeleton className="h-32 w-full" />;
  if (specifications.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title={t('inspector.schema.noSpecifications')}
        description={t('inspector.schema.noSpecificationsHint')}
      />
    );
  }
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {specifications.map((spec) => {
        return (
          <Card key={spec.id} className="p-0">
            <button
              type="button"
              className="w-full cursor-pointer space-y-3 rounded-xl p-4 text-left hover:bg-surface/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => onSelect(spec.id)}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{spec.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{spec.ids_file_name}</p>
                </div>
                <div className="flex items-center gap-1">
                  <SpecificationStateBadge state={spec.state} />
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </div>
              </div>
              {spec.description && (
                <p className="line-clamp-2 text-sm text-muted-foreground">{spec.description}</p>
              )}
              <Progress
                value={spec.compliance_rate ?? 0}
                indicatorClassName={BAR[spec.state]}
                aria-label={t('inspector.schema.compliance')}
              />
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground tabular-nums">
                <span>
                  {spec.compliance_rate === null
                    ? t('common.specState.label', { state: spec.state })
                    : t('inspector.schema.compliant', { rate: formatPercent(spec.compliance_rate, 1) })}
                </span>
                <span>{t('inspector.schema.applicable', { count: spec.applicable_elements })}</span>
                <span>{t('inspector.schema.failing', { count: spec.failed_elements })}</span>
                <span>
                  {t('inspector.schema.requirementCount', { count: spec.requirement_facets.length })}
                </span>
              </div>
            </button>
          </Card>
        );
      })}
    </div>
  );
}
