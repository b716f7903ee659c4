import type { IdsSpecification } from '@plumbline/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { nextSort, type SortState, sortRows } from '@/lib/compliance-logic';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { FacetList } from './facet-list';
import { SpecificationDetailsDialog } from './specification-details-dialog';

type Column = 'name' | 'file' | 'applicability' | 'requirements' | 'applicable' | 'compliance';

/** The sortable columns; `schema.table.column` names each in the page's language. */
const COLUMNS: Array<{ key: Column; numeric?: boolean }> = [
  { key: 'name' },
  { key: 'file' },
  { key: 'applicability', numeric: true },
  { key: 'requirements', numeric: true },
  { key: 'applicable', numeric: true },
  { key: 'compliance', numeric: true },
];

function columnValue(spec: IdsSpecification, key: Column): string | number | null {
  switch (key) {
    case 'name':
      return spec.name;
    case 'file':
      return spec.ids_file_name;
    case 'applicability':
      return spec.applicability_facets.length;
    case 'requirements':
      return spec.requirement_facets.length;
    case 'applicable':
      return spec.compliance_summary?.applicable_elements ?? null;
    case 'compliance':
      return spec.compliance_summary?.compliance_rate ?? null;
  }
}

function SortIcon({ sort, column }: { sort: SortState<Column> | null; column: Column }) {
  if (sort?.key !== column) return <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />;
  return sort.direction === 'asc' ? (
    <ArrowUp className="size-3.5" aria-hidden="true" />
  ) : (
    <ArrowDown className="size-3.5" aria-hidden="true" />
  );
}

/** The IDS Specifications table (spec 1 §2.3): sortable, expandable rows, View Details. */
export function SpecificationsTable({ specifications }: { specifications: readonly IdsSpecification[] }) {
  const t = useT('schema');
  const [sort, setSort] = useState<SortState<Column> | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<IdsSpecification | null>(null);
  const rows = sortRows(specifications, sort, columnValue);
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Table aria-label={t('schema.table.label')}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">{t('schema.table.expand')}</span>
            </TableHead>
            {COLUMNS.map((column) => (
              <TableHead
                key={column.key}
                className={column.numeric ? 'text-right' : undefined}
                aria-sort={
                  sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                }
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 hover:text-foreground"
                  onClick={() => setSort((current) => nextSort(current, column.key))}
                >
                  {t('schema.table.column', { column: column.key })}
                  <SortIcon sort={sort} column={column.key} />
                </button>
              </TableHead>
            ))}
            <TableHead className="text-right">{t('schema.table.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((spec) => {
            const open = expanded.has(spec.id);
            const summary = spec.compliance_summary;
            return (
              <Fragment key={spec.id}>
                <TableRow data-testid="specification-row">
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-expanded={open}
                      aria-label={t(open ? 'schema.table.collapseSpec' : 'schema.table.expandSpec', {
                        name: spec.name,
                      })}
                      onClick={() => toggle(spec.id)}
                    >
                      {open ? <ChevronDown /> : <ChevronRight />}
                    </Button>
                  </TableCell>
                  <TableCell className="font-medium">
                    {spec.name}
                    {spec.identifier && (
                      <span className="ml-2 text-xs text-muted-foreground">{spec.identifier}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{spec.ids_file_name}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {spec.applicability_facets.length}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{spec.requirement_facets.length}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {summary ? formatNumber(summary.applicable_elements) : '—'}
                  </TableCell>
                  <TableCell className="text-right">
                    <SpecificationStateBadge
                      state={summary?.state ?? 'not_checked'}
                      rate={summary?.compliance_rate}
                    />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setDetails(spec)}>
                      {t('schema.table.details')}
                    </Button>
                  </TableCell>
                </TableRow>
                {open && (
                  <TableRow>
                    <TableCell />
                    <TableCell colSpan={COLUMNS.length + 1}>
                      <div className="grid gap-4 py-2 md:grid-cols-2">
                        <FacetList
                          title={t('schema.details.applicability')}
                          facets={spec.applicability_facets}
                        />
                        <FacetList title={t('schema.requirements')} facets={spec.requirement_facets} />
                      </div>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      <SpecificationDetailsDialog specification={details} onClose={() => setDetails(null)} />
    </>
  );
}
