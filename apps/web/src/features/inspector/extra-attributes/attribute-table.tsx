import type { ExtraAttribute } from '@plumbline/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { type AttributeSort, type AttributeSortKey, firstWithMore, nextSort } from './attribute-view';

const PRIORITY_VARIANT = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

interface AttributeTableProps {
  rows: ExtraAttribute[];
  loading: boolean;
  /** The sort in effect (the default when the user chose none). */
  sort: AttributeSort;
  userSort: AttributeSort | null;
  onSort: (sort: AttributeSort | null) => void;
  onOpen: (attribute: ExtraAttribute) => void;
}

function SortHeader(props: {
  label: string;
  column: AttributeSortKey;
  sort: AttributeSort;
  userSort: AttributeSort | null;
  onSort: (sort: AttributeSort | null) => void;
  className?: string;
}) {
  const active = props.sort.key === props.column;
  const Icon = !active ? ArrowUpDown : props.sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={props.className}
      aria-sort={active ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-foreground"
        onClick={() => props.onSort(nextSort(props.userSort, props.column))}
      >
        {props.label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

/** The attributes of the current tab: one row each, a click opens its detail dialog. */
export function AttributeTable({ rows, loading, sort, userSort, onSort, onOpen }: AttributeTableProps) {
  const t = useT('inspector');
  const header = { sort, userSort, onSort };
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <SortHeader label={t('inspector.extra.name')} column="name" {...header} />
          <SortHeader label={t('inspector.extra.occurrence')} column="occurrence" {...header} />
          <SortHeader label={t('inspector.extra.idsCoverage')} column="coverage" {...header} />
          <TableHead>{t('inspector.extra.samples')}</TableHead>
          <SortHeader label={t('inspector.extra.priority')} column="priority" {...header} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading &&
          [0, 1, 2, 3, 4].map((i) => (
            <TableRow key={i}>
              <TableCell colSpan={5}>
                <Skeleton className="h-6 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {!loading && rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
              {t('inspector.extra.noMatch')}
            </TableCell>
          </TableRow>
        )}
        {rows.map((a) => {
          const samples = firstWithMore(a.values, 3);
          const specs = firstWithMore(
            a.covering_specifications.map((s) => s.name),
            2,
          );
          return (
            <TableRow
              key={a.id}
              className="cursor-pointer"
              tabIndex={0}
              onClick={() => onOpen(a)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(a);
                }
              }}
            >
              <TableCell>
                <div className="font-medium">{a.name}</div>
                <div className="text-xs text-muted-foreground">
                  {a.property_set_name} · {a.category}
                </div>
              </TableCell>
              <TableCell className="tabular-nums">
                <div className="flex items-center gap-2">
                  <div className="h-1.5 w-16 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div className="h-full bg-primary" style={{ width: `${a.occurrence}%` }} />
                  </div>
                  {formatPercent(a.occurrence, 1)}
                </div>
              </TableCell>
              <TableCell>
                {a.ids_coverage === 'covered' ? (
                  <div className="space-y-1">
                    <Badge variant="success">{t('inspector.extra.coveredBadge')}</Badge>
                    <div className="text-xs text-muted-foreground">
                      {specs.shown.join(', ')}
                      {specs.more > 0 && ` ${t('inspector.extra.more', { count: specs.more })}`}
                    </div>
                  </div>
                ) : (
                  <Badge variant="outline">{t('inspector.extra.notCoveredBadge')}</Badge>
                )}
              </TableCell>
              <TableCell className="max-w-72">
                <div className="flex flex-wrap gap-1">
                  {samples.shown.map((v) => (
                    <Badge key={v} variant="secondary" className="max-w-40 truncate" title={v}>
                      {v}
                    </Badge>
                  ))}
                  {a.distinct_values > samples.shown.length && (
                    <span className="text-xs text-muted-foreground">
                      {t('inspector.extra.more', { count: a.distinct_values - samples.shown.length })}
                    </span>
                  )}
                  {a.values.length === 0 && (
                    <span className="text-xs text-muted-foreground">{t('inspector.extra.noValues')}</span>
                  )}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant={PRIORITY_VARIANT[a.suggestion_priority]}>
                  {t('inspector.extra.priorityLabel', { priority: a.suggestion_priority })}
                </Badge>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
