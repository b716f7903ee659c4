import type { BimFile } from '@plumbline/contracts';
import { FileBox } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatBytes, formatDate, formatNumber, pluralize } from '@/lib/format';
import { BIM_FILE_STATUS_LABEL } from './bim-files';
import { useProjectFiles } from './queries';

const STATUS_VARIANT = {
  pending: 'secondary',
  processing: 'warning',
  completed: 'success',
  failed: 'destructive',
} as const satisfies Record<BimFile['status'], string>;

/** The files of one project, shown when its row in the Project List is expanded. */
export function ProjectFiles({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);

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
        <span>{errorMessage(files.error, 'Failed to load files.')}</span>
        <Button size="sm" variant="outline" onClick={() => files.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (files.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No files yet</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-background">
      {files.data.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2.5 text-sm">
          <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
            <FileBox className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{file.name}</span>
          </span>
          <Badge variant={STATUS_VARIANT[file.status]}>{BIM_FILE_STATUS_LABEL[file.status]}</Badge>
          <span className="text-muted-foreground">{pluralize(file.version_count, 'version')}</span>
          <span className="tabular-nums text-muted-foreground">{formatBytes(file.latest_size_bytes)}</span>
          <span className="tabular-nums text-muted-foreground">
            {formatNumber(file.elements_count)} elements
          </span>
          <span className="text-muted-foreground">{formatDate(file.updated_at)}</span>
        </li>
      ))}
    </ul>
  );
}
