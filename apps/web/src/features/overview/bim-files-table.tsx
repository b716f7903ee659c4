import type { OverviewFile } from '@plumbline/contracts';
import { ExternalLink, FileBox } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDataSource } from '@/lib/data-source';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { explorerLink } from './explorer-link';

const COLUMNS: readonly MessageId[] = [
  'overview.files.column.name',
  'overview.files.column.latestVersion',
  'overview.files.column.latestSize',
  'overview.files.column.totalSize',
  'overview.elements',
  'overview.files.column.lastUpdated',
  'overview.files.column.actions',
];

/** The selected project's files (spec 1 §2.2 "BIM Files table"); excluded files are not listed. */
export function BimFilesTable({ projectId, files }: { projectId: string; files: readonly OverviewFile[] }) {
  const t = useT('overview');
  const { basePath } = useDataSource();
  if (files.length === 0) {
    return (
      <EmptyState
        icon={FileBox}
        title={t('overview.files.emptyTitle')}
        description={t('overview.files.emptyDescription')}
      />
    );
  }
  return (
    <Table aria-label={t('overview.bimFiles')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {t(column)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.id}>
            <TableCell className="font-medium">{file.name}</TableCell>
            <TableCell>{file.source_version_tag ?? `v${file.version_count}`}</TableCell>
            <TableCell className="tabular-nums">{formatBytes(file.latest_size_bytes)}</TableCell>
            <TableCell className="tabular-nums">{formatBytes(file.total_size_bytes)}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(file.elements_count)}</TableCell>
            <TableCell className="text-muted-foreground">{formatDate(file.updated_at)}</TableCell>
            <TableCell>
              <Button asChild variant="ghost" size="sm">
                {/* The name starts with the visible label (WCAG 2.5.3); the file name tells the rows apart. */}
                <Link
                  to={explorerLink(basePath, projectId, file.id, file.latest_version_id)}
                  aria-label={t('overview.files.viewInExplorerFile', { name: file.name })}
                >
                  <ExternalLink aria-hidden="true" /> {t('overview.files.viewInExplorer')}
                </Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
