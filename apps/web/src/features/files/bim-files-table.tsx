import type { BimFile } from '@plumbline/contracts';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useAnnounce } from '@/components/ui/live-announcer';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatBytes, formatDateTime, formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useBimFiles } from '../projects/files/queries';
import { ChangesButton } from './changes/changes-button';
import { DeleteFileButton } from './delete-file-button';
import { FileStatusBadge } from './file-status-badge';
import { processingAnnouncements } from './progress-announcements';

export const BIM_FILE_COLUMNS = [
  'NAME',
  'VERSION',
  'SIZE',
  'ELEMENTS',
  'STATUS',
  'UPDATED',
  'ACTIONS',
] as const;

/** The project's IFC files with their latest version, refreshed every 5 s while any is processing. */
export function BimFilesTable({
  projectId,
  projectName,
  blockedReason,
}: {
  projectId: string;
  projectName: string;
  /** Why the caller may not delete files (demo, Viewer); undefined when they may. */
  blockedReason: string | undefined;
}) {
  const t = useT('files');
  const files = useBimFiles(projectId);
  useProcessingAnnouncements(files.data);

  if (files.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-5 w-1/4" />
      </div>
    );
  }
  if (files.isError) {
    return (
      <div className="flex items-center gap-3 text-sm text-destructive">
        <span>{errorMessage(files.error, t('files.loadFailed'))}</span>
        <Button size="sm" variant="outline" onClick={() => files.refetch()}>
          {t('files.retry')}
        </Button>
      </div>
    );
  }
  if (files.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('files.noFiles')}</p>;
  }
  return (
    <div className="rounded-lg border border-border bg-background">
      <Table aria-label={t('files.bimTable', { project: projectName })}>
        <TableHeader>
          <TableRow>
            {BIM_FILE_COLUMNS.map((column) => (
              <TableHead key={column}>{t('files.bimColumn', { column })}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {files.data.map((file) => (
            <TableRow key={file.id}>
              <TableCell className="max-w-64 font-medium">
                <span className="block truncate" title={file.source_filename}>
                  {file.name}
                </span>
              </TableCell>
              <TableCell
                className="text-muted-foreground"
                title={t('files.stored', { count: file.version_count })}
              >
                {file.source_version_tag ?? '—'}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatBytes(file.latest_size_bytes)}
              </TableCell>
              <TableCell className="tabular-nums">
                {file.status === 'completed' ? formatNumber(file.elements_count) : '—'}
              </TableCell>
              <TableCell>
                <FileStatusBadge
                  status={file.status}
                  failure={file.failure}
                  error={file.error}
                  rechecking={file.rechecking}
                />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatDateTime(file.updated_at)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <ChangesButton projectId={projectId} file={file} />
                <DeleteFileButton
                  projectId={projectId}
                  fileId={file.id}
                  fileName={file.name}
                  kind="bim"
                  blockedReason={blockedReason}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Announces each file's processing status change (pending → processing → completed or failed) once. */
function useProcessingAnnouncements(files: BimFile[] | undefined): void {
  const announce = useAnnounce();
  const seen = useRef(new Map<string, BimFile['status']>());
  useEffect(() => {
    if (!files) return;
    const messages = processingAnnouncements(seen.current, files);
    seen.current = new Map(files.map((file) => [file.id, file.status]));
    if (messages.length > 0) announce(messages.join('. '));
  }, [files, announce]);
}
