import type { SchemaFacet, SchemaSpecification } from '@plumbline/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, Filter, ListFilter, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ExpandableValues } from '@/components/ui/expandable-values';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { facetTypeLabel } from '@/lib/facet-labels';
import { rich, useT } from '@/lib/i18n';
import { RequirementFiltersBar } from './requirement-filters-bar';
import {
  allRequirements,
  constraintText,
  failingElementsText,
  NO_FILTERS,
  nextRequirementSort,
  type RequirementFilters,
  type RequirementSort,
  type RequirementSortKey,
  requirementText,
  visibleRequirements,
} from './requirement-view';

const COMPLIANCE_BADGE = {
  passed: { variant: 'success' },
  failed: { variant: 'destructive' },
  'no-data': { variant: 'secondary' },
} as const;

function Header(props: {
  label: string;
  column: RequirementSortKey;
  sort: RequirementSort | null;
  onSort: (sort: RequirementSort | null) => void;
}) {
  const { sort, column } = props;
  const active = sort?.key === column;
  const Icon = !active ? ArrowUpDown : sort?.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-foreground"
        onClick={() => props.onSort(nextRequirementSort(sort, column))}
      >
        {props.label} <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

interface RequirementsTableProps {
  specifications: SchemaSpecification[];
  loading: boolean;
  specificationId: string | null;
  onSpecificationChange: (id: string | null) => void;
}

export function RequirementsTable({
  specifications,
  loading,
  specificationId,
  onSpecificationChange,
}: RequirementsTableProps) {
  const t = useT('inspector', 'common');
  const [filters, setFilters] = useState<Omit<RequirementFilters, 'specificationId'>>(NO_FILTERS);
  const [sort, setSort] = useState<RequirementSort | null>(null);
  const requirements = useMemo(() => allRequirements(specifications), [specifications]);
  const rows = useMemo(
    () => visibleRequirements(t, requirements, { ...filters, specificationId }, sort),
    [t, requirements, filters, specificationId, sort],
  );
  const specName = specifications.find((s) => s.id === specificationId)?.name;

  if (loading) return <Skeleton className="h-40 w-full" />;
  if (requirements.length === 0) {
    return (
      <EmptyState
        icon={ListFilter}
        title={t('inspector.schema.noFacets')}
        description={t('inspector.schema.noFacetsHint')}
      />
    );
  }
  return (
    <div className="space-y-3">
      {specificationId && (
        <div className="flex items-center justify-between rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <span className="flex items-center gap-2">
            <Filter className="size-4" aria-hidden="true" />{' '}
            <span>
              {rich(t, 'inspector.schema.filteredBy', {
                name: specName ?? '',
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </span>
          </span>
          <Button size="sm" variant="ghost" onClick={() => onSpecificationChange(null)}>
            <X /> {t('inspector.schema.clearFilter')}
          </Button>
        </div>
      )}
      <RequirementFiltersBar
        filters={{ ...filters, specificationId }}
        onChange={({ specificationId: _ignored, ...next }) => setFilters(next)}
      />
      <Table>
        <TableHeader>
          <TableRow>
            <Header label={t('inspector.schema.type')} column="type" sort={sort} onSort={setSort} />
            <Header
              label={t('inspector.schema.requirement')}
              column="requirement"
              sort={sort}
              onSort={setSort}
            />
            <Header
              label={t('inspector.schema.cardinality')}
              column="cardinality"
              sort={sort}
              onSort={setSort}
            />
            <TableHead>{t('inspector.schema.valueConstraints')}</TableHead>
            <Header
              label={t('inspector.schema.compliance')}
              column="compliance"
              sort={sort}
              onSort={setSort}
            />
            <TableHead>{t('inspector.schema.instructions')}</TableHead>
            <TableHead>{t('inspector.schema.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                {t('inspector.schema.noMatch')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((f: SchemaFacet) => (
            <TableRow key={`${f.specification_id}:${f.id}`}>
              <TableCell>
                <Badge variant="outline">{facetTypeLabel(t, f.facet_type)}</Badge>
              </TableCell>
              <TableCell>
                <div className="font-medium">{requirementText(t, f)}</div>
                <div className="text-xs text-muted-foreground">
                  {f.specification_name}
                  {f.property_data_type && ` · ${f.property_data_type}`}
                </div>
              </TableCell>
              <TableCell className="capitalize">{f.cardinality}</TableCell>
              <TableCell className="max-w-60 text-sm">
                {f.value_constraints.length === 0 ? (
                  <span className="text-muted-foreground">{t('inspector.schema.anyValue')}</span>
                ) : (
                  f.value_constraints.map((c) => (
                    <div key={JSON.stringify(c)} className="break-words">
                      {c.type === 'enumeration' ? (
                        <ExpandableValues values={c.values} />
                      ) : (
                        constraintText(t, c)
                      )}
                    </div>
                  ))
                )}
              </TableCell>
              <TableCell>
                <Badge variant={COMPLIANCE_BADGE[f.compliance].variant}>
                  {t('inspector.schema.complianceOption', { value: f.compliance })}
                </Badge>
                {f.compliance === 'failed' && (
                  <div className="text-xs text-muted-foreground tabular-nums">
                    {failingElementsText(t, f.failed_elements, f.applicable_elements)}
                  </div>
                )}
              </TableCell>
              <TableCell className="max-w-64 text-sm text-muted-foreground">
                {f.instructions ?? '—'}
              </TableCell>
              <TableCell>
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => onSpecificationChange(f.specification_id)}
                  disabled={specificationId === f.specification_id}
                  aria-label={t('inspector.schema.showOnly', { name: f.specification_name })}
                  title={t('inspector.schema.showOnlyTitle')}
                >
                  <Filter />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
