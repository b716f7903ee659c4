import { REPORT_DOWNLOAD_COOLDOWN_MS, type Report } from '@plumbline/contracts';
import { Download, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { cooldownLeft, reportFailureText } from './report-messages';

const FORMAT_LABEL = { pdf: 'PDF', xlsx: 'Excel', bcf: 'BCF' } as const;

/** Spec 2 §2.7 Generated Reports: PROJECT, REPORT NAME, DESCRIPTION, FORMAT, CREATED, ACTIONS. */
export function ReportsTable({
  reports,
  downloadedAt,
  deleteBlockedReason,
  onDownload,
  onDelete,
}: {
  reports: Report[];
  /** When each report was last downloaded here (its 30 s cooldown, spec 2 §4). */
  downloadedAt: Record<string, number>;
  /** Why the caller may not delete reports (the permission table); undefined when they may. */
  deleteBlockedReason: string | undefined;
  onDownload: (report: Report) => void;
  onDelete: (report: Report) => void;
}) {
  const t = useT('reports', 'errors'); // errors: a failed report's reason (reportFailureText)
  // Read the clock at each render; while a cooldown runs, a one-second tick renders again.
  const [, setTick] = useState(0);
  const now = Date.now();
  const cooling = Object.values(downloadedAt).some(
    (since) => cooldownLeft(since, now, REPORT_DOWNLOAD_COOLDOWN_MS) > 0,
  );
  useEffect(() => {
    if (!cooling) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [cooling]);

  return (
    <div className="overflow-x-auto">
      <Table aria-label={t('reports.list.title')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('reports.table.project')}</TableHead>
            <TableHead>{t('reports.table.name')}</TableHead>
            <TableHead>{t('reports.table.description')}</TableHead>
            <TableHead>{t('reports.table.format')}</TableHead>
            <TableHead>{t('reports.table.created')}</TableHead>
            <TableHead className="text-right">{t('reports.table.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reports.map((report) => {
            const left = cooldownLeft(downloadedAt[report.id], now, REPORT_DOWNLOAD_COOLDOWN_MS);
            const busy = report.status === 'pending' || report.status === 'processing';
            return (
              <TableRow key={report.id}>
                <TableCell className="text-muted-foreground">{report.project_name}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{report.name}</span>
                    {busy && (
                      <Badge variant="warning">
                        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
                        {t('reports.table.status', { status: report.status })}
                      </Badge>
                    )}
                    {report.status === 'failed' && (
                      <Badge variant="destructive" title={reportFailureText(report) ?? undefined}>
                        {t('reports.table.status', { status: report.status })}
                      </Badge>
                    )}
                  </div>
                  {report.status === 'failed' && reportFailureText(report) && (
                    <p className="text-xs text-destructive">{reportFailureText(report)}</p>
                  )}
                </TableCell>
                <TableCell className="max-w-64 truncate text-muted-foreground" title={report.description}>
                  {report.description || '—'}
                </TableCell>
                <TableCell>{FORMAT_LABEL[report.format]}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(report.created_at)}</TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onDownload(report)}
                      disabled={left > 0}
                      aria-label={t('reports.table.downloadLabel', { name: report.name })}
                    >
                      <Download />{' '}
                      {left > 0
                        ? t('reports.table.cooldown', { seconds: left })
                        : t('reports.table.download')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onDelete(report)}
                      aria-label={t('reports.table.deleteLabel', { name: report.name })}
                      disabled={deleteBlockedReason !== undefined}
                      title={deleteBlockedReason}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
