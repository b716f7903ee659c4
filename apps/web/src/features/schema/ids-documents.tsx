import { FileCheck2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { IdsRevisions } from '../projects/files/ids-revisions';
import { useIdsFiles } from '../projects/files/queries';

/**
 * The project's IDS documents with their revisions (issue 30): which revision the specifications
 * above come from, and the ones it replaced. Files are replaced from the project's files panel.
 */
export function IdsDocuments({ projectId }: { projectId: string }) {
  const t = useT('schema');
  const files = useIdsFiles(projectId);
  if (files.isPending) return <Skeleton className="h-12" aria-busy="true" />;
  if (files.isError)
    return (
      <p className="text-sm text-destructive">
        {errorMessage(files.error, t('schema.documents.loadFailed'))}
      </p>
    );
  if (files.data.length === 0) return null;
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-sm font-semibold">{t('schema.documents.title')}</h2>
      <ul className="divide-y divide-border text-sm" aria-label={t('schema.documents.title')}>
        {files.data.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
              <FileCheck2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{file.title ?? file.name}</span>
            </span>
            <span className="text-muted-foreground">
              {t('schema.documents.meta', {
                revision: file.revision,
                count: file.specifications_count,
                active: file.is_active ? 'yes' : 'no',
                date: formatDateTime(file.created_at),
              })}
            </span>
            <IdsRevisions projectId={projectId} file={file} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
