import { ACC_ITEM_PREFIX, type AvailableFile, formatLimitSize, type Project } from '@plumbline/contracts';
import { AlertCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { reauthoriseProject } from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { storageBarTone, summarizeSelection, toggled } from './file-selection';
import { useFileSelection, useUpdateFileSelection } from './maintenance-queries';
import { projectDisplayName } from './project-search';

const TONE_CLASS = { green: 'bg-green-600', yellow: 'bg-yellow-500', red: 'bg-red-600' } as const;

export interface ManageFilesDialogProps {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Which uploaded files belong to the project (spec 2 §2.3, §5): the selection starts as the
 * project's current files and toggles per file, within the plan's file and storage limits.
 */
export function ManageFilesDialog({ project, onOpenChange }: ManageFilesDialogProps) {
  const t = useT('projects');
  const open = project !== null;
  const selection = useFileSelection(project?.id ?? '', open);
  const update = useUpdateFileSelection(project?.id ?? '');
  // null until the person changes something: the selection starts as the project's current files.
  const [changed, setChanged] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (!open) setChanged(null);
  }, [open]);
  const files = selection.data?.files;
  const selected = changed ?? new Set(files?.filter((f) => f.included).map((f) => f.id) ?? []);

  const limits = selection.data?.limits;
  const acc = selection.data?.acc ?? null;
  const summary = files && limits ? summarizeSelection(files, selected, limits) : null;
  const subscriptionError = selection.isError;
  const disabled =
    subscriptionError || !summary || summary.count === 0 || summary.problem !== null || update.isPending;

  async function save() {
    if (!project || disabled) return;
    try {
      await update.mutateAsync([...selected]);
      toast.success(t('projects.manage.updated'), {
        description: t('projects.manage.updatedDescription', {
          count: selected.size,
          project: projectDisplayName(project),
        }),
      });
      onOpenChange(false);
    } catch (error) {
      toast.error(t('projects.updateError'), {
        description: errorMessage(error, t('projects.manage.failed')),
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={t('projects.manage.title')}
      description={t(acc ? 'projects.manage.descriptionAcc' : 'projects.manage.description', {
        project: project ? projectDisplayName(project) : t('projects.manage.theProject'),
      })}
      onSubmit={() => void save()}
      submitLabel={
        subscriptionError
          ? t('projects.manage.submitBlocked')
          : t('projects.manage.submit', { count: summary?.count ?? 0 })
      }
      pendingLabel={t('projects.manage.pending')}
      pending={update.isPending}
      submitDisabled={disabled}
    >
      {selection.isPending ? (
        <div className="space-y-2" role="status" aria-busy="true">
          <p className="text-sm text-muted-foreground">{t('projects.manage.loadingLimits')}</p>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : subscriptionError ? (
        <div className="flex items-center gap-3 text-sm text-destructive" role="alert">
          <AlertCircle className="size-4" aria-hidden="true" />
          <span>{t('projects.manage.limitsFailed')}</span>
          <Button size="sm" variant="outline" onClick={() => selection.refetch()}>
            {t('projects.retry')}
          </Button>
        </div>
      ) : files && limits && summary ? (
        <div className="space-y-4">
          {acc?.status === 'reauth_required' && project && (
            <div
              className="flex items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
              role="alert"
            >
              <span>{t('projects.manage.reauth')}</span>
              <Button size="sm" variant="outline" onClick={() => reauthoriseProject(project.id)}>
                {t('projects.manage.reconnect')}
              </Button>
            </div>
          )}
          {acc?.status === 'unavailable' && (
            <p className="text-sm text-muted-foreground" role="status">
              {t('projects.manage.accUnavailable')}
            </p>
          )}
          <FileChecklist
            accProject={acc !== null}
            files={files}
            selected={selected}
            onToggle={(id) => setChanged(toggled(selected, id))}
          />
          <div className="space-y-1.5">
            <div className="flex justify-between text-sm">
              <span aria-live="polite">
                {t('projects.manage.selected', { count: summary.count, max: limits.max_files })}
              </span>
              <span className="tabular-nums text-muted-foreground">
                {t('projects.manage.storage', {
                  used: formatBytes(summary.usedBytes),
                  limit: formatLimitSize(limits.max_storage_bytes),
                })}
              </span>
            </div>
            <Progress
              value={summary.usedPercent}
              aria-label={t('projects.manage.usedStorage')}
              indicatorClassName={TONE_CLASS[storageBarTone(summary.usedPercent)]}
            />
          </div>
          {summary.problem && (
            <p className="text-sm text-destructive" role="alert">
              {summary.problem}
            </p>
          )}
        </div>
      ) : null}
    </FormDialog>
  );
}

function FileChecklist({
  files,
  selected,
  onToggle,
  accProject,
}: {
  accProject: boolean;
  files: readonly AvailableFile[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const t = useT('projects');
  if (files.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {accProject ? t('projects.manage.noAccFiles') : t('projects.manage.noFiles')}
      </p>
    );
  }
  return (
    <ul
      className="max-h-[300px] divide-y divide-border overflow-y-auto rounded-lg border border-border"
      aria-label={t('projects.manage.available')}
    >
      {files.map((file) => {
        const id = `manage-file-${file.id}`;
        return (
          <li
            key={file.id}
            className={cn('flex items-center gap-3 px-3 py-2 text-sm', selected.has(file.id) && 'bg-surface')}
          >
            <input
              id={id}
              type="checkbox"
              className="size-4 accent-primary"
              checked={selected.has(file.id)}
              onChange={() => onToggle(file.id)}
            />
            <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
              <span className="block truncate font-medium">{file.name}</span>
              <span className="text-xs text-muted-foreground">
                {t('projects.manage.fileMeta', {
                  type: file.type.toUpperCase(),
                  versions: file.version_count,
                  size: formatBytes(file.latest_size_bytes),
                  notImported: file.id.startsWith(ACC_ITEM_PREFIX) ? 'yes' : 'no',
                })}
              </span>
            </label>
            <span className="tabular-nums text-muted-foreground">{formatBytes(file.size_bytes)}</span>
          </li>
        );
      })}
    </ul>
  );
}
