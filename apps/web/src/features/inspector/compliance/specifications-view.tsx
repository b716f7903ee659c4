import type { SpecificationComplianceRow } from '@plumbline/contracts';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';

/** Specifications sub-view: per specification the elements Passed, Warning and Failed. */
export function SpecificationsView({ rows }: { rows: readonly SpecificationComplianceRow[] }) {
  return (
    <Table aria-label="Specification compliance">
      <TableHeader>
        <TableRow>
          <TableHead>Specification</TableHead>
          <TableHead className="text-right">Passed</TableHead>
          <TableHead className="text-right">Warning</TableHead>
          <TableHead className="text-right">Failed</TableHead>
          <TableHead className="text-right">Compliance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.specification_id}>
            <TableCell>
              <p className="font-medium">{row.name}</p>
              <p className="text-xs text-muted-foreground">{row.ids_file_name}</p>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.passed)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.warning)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.failed)}</TableCell>
            <TableCell className="text-right">
              <SpecificationStateBadge state={row.state} rate={row.compliance_rate} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
