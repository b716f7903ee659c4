import type { IdsFile } from '@plumbline/contracts';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { apiUrl } from '@/lib/api/paths';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useIdsRevisions } from './queries';

/**
 * An IDS file's revisions (issue 30): a corrected file uploaded with Replace is the next revision of
 * the same document, so its unchanged requirements keep their history. Closed by default; opening it
 * reads the list.
 */
export function IdsRevisions({ projectId, file }: { projectId: string; file: IdsFile }) {
  const t = useT('common');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const revisions = useIdsRevisions(projectId, file.id, open);
  if (file.revisions_count < 2) return null;
  return (
    <div className="w-full">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <History aria-hidden="true" />
        {open ? t('common.revisions.hide') : t('common.revisions.show', { count: file.revisions_count })}
      </Button>
      {open && (
        <div id={listId} className="mt-1 pl-6 text-xs text-muted-foreground">
          {revisions.isPending ? (
            <p role="status">{t('common.revisions.loading')}</p>
          ) : revisions.isError ? (
            <p className="text-destructive">{errorMessage(revisions.error, t('common.revisions.failed'))}</p>
          ) : (
            <ol aria-label={t('common.revisions.list', { name: file.name })} className="space-y-1">
              {revisions.data.map((revision) => (
                <li key={revision.id} className="flex flex-wrap gap-x-3">
                  <span className="font-medium text-foreground">
                    {t('common.revisions.revision', { revision: revision.revision })}
                  </span>
                  <a
                    className="hover:text-primary hover:underline"
                    href={apiUrl('/projects/{projectId}/idsfiles/{idsFileId}/download', {
                      path: { projectId, idsFileId: revision.id },
                    })}
                    download={revision.name}
                  >
                    {revision.name}
                  </a>
                  <span>{t('common.revisions.uploaded', { at: formatDateTime(revision.created_at) })}</span>
                  <span>
                    {revision.superseded_at === null
                      ? t('common.revisions.current')
                      : t('common.revisions.replaced', { at: formatDateTime(revision.superseded_at) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
