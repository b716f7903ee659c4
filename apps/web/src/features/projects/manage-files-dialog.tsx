import {
  ACC_ITEM_PREFIX,
  ACC_MESSAGES,
  type AvailableFile,
  formatLimitSize,
  type Project,
} from '@plumbline/contracts';
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
import { formatBytes, pluralize } from '@/lib/format';
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
      toast.success('Project files updated', {
        description: `${pluralize(selected.size, 'file')} in ${projectDisplayName(project)}.`,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error('Update Error', { description: errorMessage(error, 'Failed to update project files.') });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title="Manage Files"
      description={
        <>
          {acc
            ? `Choose which files of the ACC project belong to ${project ? projectDisplayName(project) : 'the project'}; new ones are imported.`
            : `Choose which uploaded files belong to ${project ? projectDisplayName(project) : 'the project'}.`}{' '}
          Files left out stay stored but are not counted or shown in the project's views.
        </>
      }
      onSubmit={() => void save()}
      submitLabel={
        subscriptionError
          ? 'Cannot Update - Subscription Error'
          : `Update Project Files (${summary?.count ?? 0})`
      }
      pendingLabel="Updating..."
      pending={update.isPending}
      submitDisabled={disabled}
    >
      {selection.isPending ? (
        <div className="space-y-2" role="status" aria-busy="true">
          <p className="text-sm text-muted-foreground">Loading subscription limits...</p>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : subscriptionError ? (
        <div className="flex items-center gap-3 text-sm text-destructive" role="alert">
          <AlertCircle className="size-4" aria-hidden="true" />
          <span>FAILED to load subscription limits. Try again.</span>
          <Button size="sm" variant="outline" onClick={() => selection.refetch()}>
            Retry
          </Button>
        </div>
      ) : files && limits && summary ? (
        <div className="space-y-4">
          {acc?.status === 'reauth_required' && project && (
            <div
              className="flex items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
              role="alert"
            >
              <span>The connection to Autodesk ACC has expired; its new files cannot be listed.</span>
              <Button size="sm" variant="outline" onClick={() => reauthoriseProject(project.id)}>
                Reconnect to ACC
              </Button>
            </div>
          )}
          {acc?.status === 'unavailable' && (
            <p className="text-sm text-muted-foreground" role="status">
              Autodesk Construction Cloud could not be reached; only the files already imported are listed.
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
                {summary.count} of {limits.max_files} files selected
              </span>
              <span className="tabular-nums text-muted-foreground">
                {formatBytes(summary.usedBytes)} of {formatLimitSize(limits.max_storage_bytes)}
              </span>
            </div>
            <Progress
              value={summary.usedPercent}
              aria-label="Used storage"
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
  if (files.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {accProject ? ACC_MESSAGES.noFiles : 'No BIM files (.rvt or .ifc) uploaded to this project yet.'}
      </p>
    );
  }
  return (
    <ul
      className="max-h-[300px] divide-y divide-border overflow-y-auto rounded-lg border border-border"
      aria-label="Available files"
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
                {file.type.toUpperCase()} · {pluralize(file.version_count, 'version')} · latest{' '}
                {formatBytes(file.latest_size_bytes)}
                {file.id.startsWith(ACC_ITEM_PREFIX) && ' · in ACC, not imported yet'}
              </span>
            </label>
            <span className="tabular-nums text-muted-foreground">{formatBytes(file.size_bytes)}</span>
          </li>
        );
      })}
    </ul>
  );
}
