import type { ComplianceResultRow } from '@plumbline/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { classLabel, objectLabel } from '@/lib/object-label';
import { ValidityMarks } from '@/lib/validity-marks';
import { StatusBadge } from './status-badge';

/** The first results of the IDS Compliance view, one row per element and specification. */
export function ComplianceResultsList({
  rows,
  total,
  onInspect,
  compact = false,
}: {
  rows: readonly ComplianceResultRow[];
  total: number;
  /** Narrow (an inspector docked beside it): long texts cut shorter, in full on hover, so all fit. */
  compact?: boolean;
  /** Opens the Element Inspector on the element (its viewer id) to see why it passed or failed. */
  onInspect?: ((viewerDbId: number) => void) | undefined;
}) {
  const t = useT('compliance');
  if (rows.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t('compliance.results.empty')}</p>
    );
  }
  return (
    <div>
      <Table aria-label={t('compliance.results.label')}>
        <TableHeader>
          <TableRow>
            {/* Status and specification come first: they are what the view is about, and stay in
                sight however narrow the column left beside a docked inspector is. */}
            <TableHead>{t('compliance.results.element')}</TableHead>
            <TableHead>{t('compliance.results.status')}</TableHead>
            <TableHead>{t('compliance.results.specification')}</TableHead>
            <TableHead>{t('compliance.results.name')}</TableHead>
            <TableHead>{t('compliance.results.ifcClass')}</TableHead>
            <TableHead>GlobalId</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const label = objectLabel(row);
            return (
              <TableRow key={`${row.specification_id ?? 'none'}-${row.viewer_db_id}`}>
                <TableCell className="font-mono text-xs tabular-nums">
                  {onInspect ? (
                    <button
                      type="button"
                      className="cursor-pointer text-primary underline-offset-2 hover:underline"
                      aria-label={t('compliance.results.inspect', { id: String(row.viewer_db_id) })}
                      onClick={() => onInspect(row.viewer_db_id)}
                    >
                      #{row.viewer_db_id}
                    </button>
                  ) : (
                    `#${row.viewer_db_id}`
                  )}
                </TableCell>
                <TableCell>
                  <StatusBadge status={row.status} />
                  <ValidityMarks marks={row.validity_marks} />
                </TableCell>
                <TableCell
                  className={cn('truncate', compact ? 'max-w-40' : 'max-w-56')}
                  title={row.specification_name ?? undefined}
                >
                  {row.specification_name ?? (
                    <span className="text-muted-foreground">{t('compliance.results.noneApplies')}</span>
                  )}
                </TableCell>
                <TableCell
                  className={cn(
                    'truncate',
                    compact ? 'max-w-40' : 'max-w-56',
                    row.name === null && 'text-muted-foreground',
                  )}
                  title={label.hint}
                >
                  {label.text}
                </TableCell>
                <TableCell className={cn('text-xs', row.ifc_class === null && 'text-muted-foreground')}>
                  {classLabel(row)}
                </TableCell>
                <TableCell
                  className={cn('font-mono text-xs', compact && 'max-w-32 truncate')}
                  title={row.global_id ?? undefined}
                >
                  {row.global_id ?? (
                    <span className="font-sans text-muted-foreground">{t('compliance.results.none')}</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <p className="border-t border-border px-4 py-2 text-xs text-muted-foreground">
        {t('compliance.results.showing', { shown: rows.length, total })}
      </p>
    </div>
  );
}
