import type { ComplianceResultRow } from '@plumbline/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { StatusBadge } from './status-badge';

/** The first results of the IDS Compliance view, one row per element and specification. */
export function ComplianceResultsList({
  rows,
  total,
  onInspect,
}: {
  rows: readonly ComplianceResultRow[];
  total: number;
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
            <TableHead>Element</TableHead>
            <TableHead>GlobalId</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>IFC Class</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Specification</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
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
              <TableCell className="font-mono text-xs">{row.global_id ?? '—'}</TableCell>
              <TableCell className="max-w-56 truncate">{row.name ?? '—'}</TableCell>
              <TableCell className="text-xs">{row.ifc_class ?? '—'}</TableCell>
              <TableCell>
                <StatusBadge status={row.status} />
              </TableCell>
              <TableCell className="max-w-56 truncate">{row.specification_name ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="border-t border-border px-4 py-2 text-xs text-muted-foreground">
        Showing the first {formatNumber(rows.length)} of {formatNumber(total)} results
      </p>
    </div>
  );
}
