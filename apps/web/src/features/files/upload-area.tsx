import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAnnounce } from '@/components/ui/live-announcer';
import { FileDropZone } from '@/components/upload/file-drop-zone';
import { UploadProgressRow } from '@/components/upload/upload-progress-row';
import { errorMessage } from '@/lib/api';
import { ApiRequestError } from '@/lib/api/errors';
import { idsUploadProblems } from '@/lib/api/upload-request';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { type UploadKind, useReplaceIdsFile, useUploadFile } from '../projects/files/queries';
import { PlanLimitCounter } from '../projects/plan-limit-counter';
import { uploadMilestone } from './progress-announcements';
import { useRevisionPrompt } from './revision-prompt';
import { hasAcceptedExtension, type QueuedUpload, queuedUploadLabel, withUpload } from './upload-queue';

const KIND = {
  ifc: {
    accept: '.ifc',
  },
  ids: {
    accept: '.ids,.xml',
  },
} as const satisfies Record<UploadKind, { accept: string }>;

export interface UploadAreaProps {
  /** The section's heading, shown left of the button. */
  title: string;
  projectId: string;
  kind: UploadKind;
  /** Why uploading is not allowed (the permission table, or the read-only demo); undefined when it is. */
  blockedReason: string | undefined;
}

interface Failure {
  name: string;
  error: unknown;
}

/**
 * A files section's heading row and drop zone (issue 17): several files dropped or chosen at once
 * upload one after another, each with its own bar; the server's refusal of any (a bad file, the plan's
 * limit) is shown with its own message under the zone. IFC files show the plan's file limit.
 */
export function UploadArea({ title, projectId, kind, blockedReason }: UploadAreaProps) {
  const t = useT('files');
  const { accept } = KIND[kind];
  const label = t('files.upload.label', { kind });
  const zone = t('files.upload.zone', { kind });
  const input = t('files.upload.input', { kind });
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(projectId, kind);
  const replace = useReplaceIdsFile(projectId);
  const revisionPrompt = useRevisionPrompt();
  const queryClient = useQueryClient();
  const { mode } = useDataSource();
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const announce = useAnnounce();
  const busy = queue.length > 0;
  const disabledReason = blockedReason ?? (busy ? 'Wait for the files being uploaded.' : undefined);

  /**
   * Sends one file. An IDS that looks like a new revision of a current one (same title and file name)
   * asks first whether to replace it; false when the user chose not to upload it.
   */
  async function sendOne(
    file: File,
    onProgress: (percent: number) => void,
  ): Promise<'uploaded' | 'replaced' | false> {
    if (kind !== 'ids') {
      await upload.mutateAsync({ file, options: { onProgress } });
      return 'uploaded';
    }
    try {
      await upload.mutateAsync({ file, options: { onProgress, onMatch: 'ask' } });
      return 'uploaded';
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.code !== 'ids_revision_suggested') throw error;
      const { ids_file_id: idsFileId = '', name = '', title = '' } = error.fields;
      const choice = await revisionPrompt.ask({ fileName: file.name, name, title });
      if (choice === 'skip') return false;
      if (choice === 'replace') {
        await replace.mutateAsync({ idsFileId, file, options: { onProgress } });
        return 'replaced';
      }
      await upload.mutateAsync({ file, options: { onProgress, onMatch: 'new' } });
      return 'uploaded';
    }
  }

  async function uploadAll(chosen: File[]) {
    if (busy || blockedReason || chosen.length === 0) return;
    const refused: Failure[] = [];
    const files = chosen.filter((file) => {
      if (hasAcceptedExtension(file.name, accept)) return true;
      refused.push({
        name: file.name,
        error: new Error(`Only ${accept.replace(',', ' or ')} files go here.`),
      });
      return false;
    });
    setFailures(refused);
    if (files.length === 0) return;
    let current: QueuedUpload[] = files.map((file) => ({ name: file.name, percent: 0, status: 'waiting' }));
    const change = (index: number, patch: Partial<QueuedUpload>) => {
      current = withUpload(current, index, patch);
      setQueue(current);
    };
    setQueue(current);
    for (const [index, file] of files.entries()) {
      change(index, { status: 'uploading' });
      announce(`Uploading ${file.name}`);
      let announced = 0;
      try {
        const onProgress = (percent: number) => {
          change(index, { percent });
          const milestone = uploadMilestone(announced, percent);
          if (milestone !== null) announce(`Uploading ${file.name}: ${milestone}%`);
          announced = Math.max(announced, percent);
        };
        const sent = await sendOne(file, onProgress);
        if (!sent) {
          change(index, { status: 'failed' });
          continue;
        }
        change(index, { status: 'uploaded', percent: 100 });
        toast.success(
          t('files.upload.done', { name: file.name, replaced: sent === 'replaced' ? 'yes' : 'no' }),
        );
      } catch (error) {
        change(index, { status: 'failed' });
        setFailures((previous) => [...previous, { name: file.name, error }]);
      }
    }
    // The counter reads the server's usage again; the uploaded files are in the table now.
    void queryClient.invalidateQueries({ queryKey: queryKeys.limits(mode, projectId) });
    setQueue([]);
  }

  return (
    <div className="space-y-2">
      {revisionPrompt.dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-semibold">{title}</h3>
          {kind === 'ifc' ? <PlanLimitCounter projectId={projectId} type="files" /> : null}
        </div>
        <Button
          size="sm"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={disabledReason !== undefined}
          title={disabledReason}
        >
          <Upload />
          {label}
        </Button>
      </div>
      <FileDropZone
        title={zone}
        hint={t('files.upload.hint')}
        inputLabel={input}
        accept={accept}
        disabledReason={disabledReason}
        onFiles={(files) => void uploadAll(files)}
        inputRef={inputRef}
        className="p-4"
      />
      {queue.length > 0 && (
        <ul className="grid gap-2" aria-label={t('files.upload.uploading', { title })}>
          {queue.map((item, index) => (
            <UploadProgressRow
              // biome-ignore lint/suspicious/noArrayIndexKey: one drop may hold two files of one name
              key={index}
              name={item.name}
              label={queuedUploadLabel(item)}
              percent={item.percent}
            />
          ))}
        </ul>
      )}
      {failures.map((failure, index) => {
        const problems = idsUploadProblems(failure.error);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: failures are listed in the order they came
          <Alert key={index} variant="destructive" aria-label={t('files.upload.failed', { label })}>
            <p className="font-medium">
              {failure.name}: {errorMessage(failure.error, t('files.upload.failedFallback'))}
            </p>
            {problems.length > 0 && (
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Alert>
        );
      })}
    </div>
  );
}
