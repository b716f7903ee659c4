import type { ComplianceResultRow } from '@plumbline/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
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
  if (rows.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">No results match these filters.</p>
    );
  }
  return (
    <div>
      <Table aria-label="Compliance results">
        <TableHeader>
          <TableRow>
            {/* Status and specification come first: they are what the view is about, and stay in
                sight however narrow the column left beside a docked inspector is. */}
            <TableHead>Element</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Specification</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>IFC Class</TableHead>
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
                      aria-label={`Inspect element #${row.viewer_db_id}`}
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
                  {row.specification_name ?? <span className="text-muted-foreground">None applies</span>}
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
                  {row.global_id ?? <span className="font-sans text-muted-foreground">None</span>}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <p className="border-t border-border px-4 py-2 text-xs text-muted-foreground">
        Showing the first {formatNumber(rows.length)} of {formatNumber(total)} results
      </p>
    </div>
  );
}
