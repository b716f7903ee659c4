import type { IdsFile } from '@plumbline/contracts';
import { FileCheck2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { apiUrl } from '@/lib/api/paths';
import { formatBytes } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { IdsRevisions } from '../projects/files/ids-revisions';
import { useIdsFiles, useSetIdsFileActive } from '../projects/files/queries';
import { DeleteFileButton } from './delete-file-button';
import { ReplaceIdsButton } from './replace-ids-button';
import { StudioDialog } from './studio/studio-dialog';

export interface IdsFilesListProps {
  projectId: string;
  blockedReason: string | undefined;
  /** Why Replace is not allowed; undefined when it is. */
  replaceBlockedReason?: string | undefined;
}

/** The project's IDS files; only active ones take part in checks, switched here by Editors and Admins. */
export function IdsFilesList({ projectId, blockedReason, replaceBlockedReason }: IdsFilesListProps) {
  const t = useT('files');
  const files = useIdsFiles(projectId);
  const setActive = useSetIdsFileActive(projectId);

  async function toggle(file: IdsFile, isActive: boolean) {
    try {
      await setActive.mutateAsync({ idsFileId: file.id, isActive });
      toast.success(t('files.ids.toggled', { name: file.name, active: isActive ? 'yes' : 'no' }));
    } catch (error) {
      toast.error(t('files.ids.toggleFailed'), { description: errorMessage(error) });
    }
  }

  if (files.isPending) return <Skeleton className="h-5 w-1/3" aria-busy="true" />;
  if (files.isError) {
    return (
      <div className="flex items-center gap-3 text-sm text-destructive">
        <span>{errorMessage(files.error, t('files.ids.loadFailed'))}</span>
        <Button size="sm" variant="outline" onClick={() => files.refetch()}>
          {t('files.retry')}
        </Button>
      </div>
    );
  }
  if (files.data.length === 0) return <p className="text-sm text-muted-foreground">{t('files.ids.none')}</p>;
  return (
    <ul
      className="divide-y divide-border rounded-lg border border-border bg-background"
      aria-label={t('files.ids.label')}
    >
      {files.data.map((file) => {
        const switchId = `ids-active-${file.id}`;
        const pending = setActive.isPending && setActive.variables?.idsFileId === file.id;
        return (
          // Keyed by the lineage: saving a revision from the Studio gives the row a new id, and the open
          // Studio (and its "saved" line) must stay.
          <li
            key={file.lineage_id}
            className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2.5 text-sm"
          >
            <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
              <FileCheck2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <a
                className="truncate hover:text-primary hover:underline"
                href={apiUrl('/projects/{projectId}/idsfiles/{idsFileId}/download', {
                  path: { projectId, idsFileId: file.id },
                })}
                download={file.name}
                title={file.title ?? undefined}
              >
                {file.name}
              </a>
            </span>
            {file.revision > 1 && (
              <span className="text-muted-foreground">
                {t('files.ids.revision', { revision: String(file.revision) })}
              </span>
            )}
            <span className="text-muted-foreground">
              {t('files.ids.specifications', { count: file.specifications_count })}
            </span>
            <span className="tabular-nums text-muted-foreground">{formatBytes(file.size_bytes)}</span>
            <span className="flex items-center gap-2">
              <Switch
                id={switchId}
                checked={file.is_active}
                onCheckedChange={(checked) => toggle(file, checked)}
                disabled={blockedReason !== undefined || pending}
                title={blockedReason}
                aria-label={t('files.ids.activeLabel', { name: file.name })}
              />
              <label htmlFor={switchId} className="w-14 text-muted-foreground">
                {t('files.ids.active', { active: file.is_active ? 'yes' : 'no' })}
              </label>
            </span>
            <StudioDialog projectId={projectId} idsFileId={file.id} fileName={file.name} />
            <ReplaceIdsButton projectId={projectId} file={file} blockedReason={replaceBlockedReason} />
            <DeleteFileButton
              projectId={projectId}
              fileId={file.id}
              fileName={file.name}
              kind="ids"
              blockedReason={blockedReason}
            />
            <IdsRevisions projectId={projectId} file={file} />
          </li>
        );
      })}
    </ul>
  );
}
