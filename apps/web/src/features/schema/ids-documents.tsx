import { FileCheck2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDateTime, pluralize } from '@/lib/format';
import { IdsRevisions } from '../projects/files/ids-revisions';
import { useIdsFiles } from '../projects/files/queries';

/**
 * The project's IDS documents with their revisions (issue 30): which revision the specifications
 * above come from, and the ones it replaced. Files are replaced from the project's files panel.
 */
export function IdsDocuments({ projectId }: { projectId: string }) {
  const files = useIdsFiles(projectId);
  if (files.isPending) return <Skeleton className="h-12" aria-busy="true" />;
  if (files.isError)
    return (
      <p className="text-sm text-destructive">{errorMessage(files.error, 'Failed to load IDS files.')}</p>
    );
  if (files.data.length === 0) return null;
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-sm font-semibold">IDS documents</h2>
      <ul className="divide-y divide-border text-sm" aria-label="IDS documents">
        {files.data.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
              <FileCheck2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{file.title ?? file.name}</span>
            </span>
            <span className="text-muted-foreground">
              revision {file.revision} · {pluralize(file.specifications_count, 'specification')} ·{' '}
              {file.is_active ? 'active' : 'inactive'} · {formatDateTime(file.created_at)}
            </span>
            <IdsRevisions projectId={projectId} file={file} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
