import type { AccFile } from '@plumbline/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { accCheckError, accMessageId } from '@/lib/acc';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useAccProjectFiles } from '../use-acc-files';
import type { Wizard } from '../use-wizard';

/**
 * The ACC project's .ifc and .rvt files for the Files step (spec 1 §2.1): name, total size, latest size,
 * version count and type; 5 skeleton rows while loading; at most 300 px, scrolling.
 */
export function AccFileList({
  wizard,
  selected,
  onToggle,
}: {
  wizard: Wizard;
  selected: AccFile[];
  onToggle: (file: AccFile) => void;
}) {
  const t = useT('wizard');
  const files = useAccProjectFiles(wizard);
  return (
    <ul
      className="max-h-[300px] divide-y divide-border overflow-y-auto rounded-md border border-border"
      aria-label={t('wizard.accFiles.label')}
      aria-busy={files.isPending}
    >
      {files.isPending &&
        [0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="p-2" data-testid="acc-file-skeleton">
            <Skeleton className="h-8" />
          </li>
        ))}
      {files.isError && <li className="p-3 text-sm text-destructive">{t(accCheckError(files.error))}</li>}
      {files.data?.length === 0 && (
        <li className="p-3 text-sm text-muted-foreground">{t(accMessageId('noFiles'))}</li>
      )}
      {files.data?.map((file) => {
        const checked = selected.some((f) => f.id === file.id);
        return (
          <li key={file.id}>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 p-2 text-sm hover:bg-accent',
                checked && 'bg-primary/5',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={checked}
                onChange={() => onToggle(file)}
                aria-label={file.name}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{file.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {t('wizard.accFiles.sizes', {
                    total: formatBytes(file.sizeBytes),
                    latest: formatBytes(file.latestSize),
                    count: file.versionCount,
                  })}
                </span>
              </span>
              <Badge variant="secondary" className="uppercase">
                {file.type}
              </Badge>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
