import type { SpecificationComplianceRow } from '@plumbline/contracts';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';

/** Specifications sub-view: per specification the elements Passed, Warning and Failed. */
export function SpecificationsView({ rows }: { rows: readonly SpecificationComplianceRow[] }) {
  const t = useT('inspector');
  return (
    <Table aria-label={t('inspector.compliance.tableLabel')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('inspector.compliance.specification')}</TableHead>
          <TableHead className="text-right">{t('inspector.compliance.passed')}</TableHead>
          <TableHead className="text-right">{t('inspector.compliance.warning')}</TableHead>
          <TableHead className="text-right">{t('inspector.compliance.failed')}</TableHead>
          <TableHead className="text-right">{t('inspector.compliance.compliance')}</TableHead>
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
