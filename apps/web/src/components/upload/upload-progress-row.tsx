import { Progress } from '@/components/ui/progress';
import { useT } from '@/lib/i18n';

/**
 * One file's upload in a list of several (the wizard's uploads, a project's files): its name, what
 * is happening to it in words and a progress bar named after the file.
 */
export function UploadProgressRow({
  name,
  label,
  percent,
}: {
  name: string;
  /** What is happening to the file now ('Uploading 40%', 'Waiting', 'Processed', a failure). */
  label: string;
  percent: number;
}) {
  const t = useT('common');
  return (
    <li className="grid gap-1 text-sm">
      <span className="flex justify-between gap-2">
        <span className="truncate">{name}</span>
        <span className="text-muted-foreground tabular-nums" data-testid="upload-status">
          {label}
        </span>
      </span>
      <Progress value={percent} aria-label={t('common.uploadOf', { name })} />
    </li>
  );
}
