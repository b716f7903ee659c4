import { Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAnnounce } from '@/components/ui/live-announcer';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { idsUploadProblems } from '@/lib/api/upload-request';
import { type UploadKind, useUploadFile } from '../projects/files/queries';
import { uploadMilestone } from './progress-announcements';

const KIND = {
  ifc: { label: 'Upload IFC', accept: '.ifc' },
  ids: { label: 'Upload IDS', accept: '.ids,.xml' },
} as const satisfies Record<UploadKind, { label: string; accept: string }>;

export interface UploadButtonProps {
  /** The section's heading, shown left of the button. */
  title: string;
  projectId: string;
  kind: UploadKind;
  /** Why uploading is not allowed (a Viewer, or the read-only demo); undefined when it is. */
  blockedReason: string | undefined;
}

/** A files section's heading row: picks a file and uploads it with a live progress bar; the server's refusal is shown under the button. */
export function UploadButton({ title, projectId, kind, blockedReason }: UploadButtonProps) {
  const { label, accept } = KIND[kind];
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(projectId, kind);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<{ name: string; error: unknown } | null>(null);
  const announce = useAnnounce();

  function choose() {
    input.current?.click();
  }

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire another change
    if (!file) return;
    setFailure(null);
    setProgress({ name: file.name, percent: 0 });
    announce(`Uploading ${file.name}`);
    let announced = 0;
    try {
      const onProgress = (percent: number) => {
        setProgress({ name: file.name, percent });
        const milestone = uploadMilestone(announced, percent);
        if (milestone !== null) announce(`Uploading ${file.name}: ${milestone}%`);
        announced = Math.max(announced, percent);
      };
      await upload.mutateAsync({ file, options: { onProgress } });
      toast.success(`${file.name} uploaded`);
    } catch (error) {
      setFailure({ name: file.name, error });
    } finally {
      setProgress(null);
    }
  }

  const problems = failure ? idsUploadProblems(failure.error) : [];
  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="hidden"
        aria-label={`${label} file`}
        onChange={onFileChosen}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">{title}</h3>
        <Button
          size="sm"
          variant="outline"
          onClick={choose}
          disabled={blockedReason !== undefined || progress !== null}
          title={blockedReason}
        >
          <Upload />
          {label}
        </Button>
      </div>
      {progress && (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="truncate">Uploading {progress.name}</span>
          <Progress value={progress.percent} aria-label={`Uploading ${progress.name}`} className="w-48" />
          <span className="tabular-nums">{progress.percent}%</span>
        </div>
      )}
      {failure && (
        <Alert variant="destructive" aria-label={`${label} failed`}>
          <p className="font-medium">
            {failure.name}: {errorMessage(failure.error, 'The upload failed.')}
          </p>
          {problems.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}
