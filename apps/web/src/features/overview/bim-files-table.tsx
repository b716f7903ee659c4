import type { BimFile } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileBox } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { projectKeys, useProjectFiles } from '../projects/queries';

const COLUMNS = [
  'File name',
  'Latest version',
  'Latest size',
  'Total size',
  'Elements',
  'Last updated',
  'Actions',
];

/** The selected project's files (spec 1 §2.2 "BIM Files table"). */
export function BimFilesTable({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const { basePath } = useDataSource();

  if (files.isPending) {
    return (
      <div className="space-y-2 p-5" aria-busy="true">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (files.isError) {
    if (isApiRequestError(files.error) && files.error.isNotFound) return <ProjectGone />;
    return (
      <EmptyState
        title="Files could not be loaded"
        description={errorMessage(files.error)}
        action={
          <Button variant="outline" onClick={() => files.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (files.data.length === 0) {
    return (
      <EmptyState
        icon={FileBox}
        title="No files yet"
        description="Model files added to this project will be listed here with their versions and sizes."
      />
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {files.data.map((file) => (
          <TableRow key={file.id}>
            <TableCell className="font-medium">{file.name}</TableCell>
            <TableCell>{file.source_version_tag ?? `v${file.version_count}`}</TableCell>
            <TableCell className="tabular-nums">{formatBytes(file.latest_size_bytes)}</TableCell>
            <TableCell className="tabular-nums">{formatBytes(file.total_size_bytes)}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(file.elements_count)}</TableCell>
            <TableCell className="text-muted-foreground">{formatDate(file.updated_at)}</TableCell>
            <TableCell>
              <Button asChild variant="ghost" size="sm">
                <Link to={explorerLink(basePath, projectId, file)}>
                  <ExternalLink /> View in Explorer
                </Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Opens the metadata tab on the same route (/dashboard or /demo) with project, file and version. */
function explorerLink(basePath: string, projectId: string, file: BimFile): string {
  const params = new URLSearchParams({ tab: 'metadata', project: projectId, file: file.id });
  if (file.source_version_tag) params.set('version', file.source_version_tag);
  return `${basePath}?${params.toString()}`;
}

/**
 * The selected project disappeared (deleted, or access removed): say so (spec 1 §8) and drop the cached
 * project list so the selector moves on to a project that still exists.
 */
function ProjectGone() {
  const queryClient = useQueryClient();
  const { mode } = useDataSource();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
  }, [queryClient, mode]);
  return (
    <EmptyState
      title="Project Not Found"
      description="The selected project is no longer available. Please select a different project or create a new one."
    />
  );
}
