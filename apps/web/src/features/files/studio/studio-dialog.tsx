import { useQuery } from '@tanstack/react-query';
import { PencilRuler } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { apiUrl } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import type { StudioLinter } from './use-lint';

// The editor, the engine's reader and the sentences load when the Studio opens, not with the page.
const StudioEditor = lazy(async () => ({ default: (await import('./studio-editor')).StudioEditor }));
let sharedLinter: StudioLinter | null = null;
async function pageLinter(): Promise<StudioLinter> {
  sharedLinter ??= (await import('./use-lint')).workerLinter();
  return sharedLinter;
}

async function idsText(projectId: string, idsFileId: string): Promise<string> {
  const response = await fetch(
    apiUrl('/projects/{projectId}/idsfiles/{idsFileId}/download', { path: { projectId, idsFileId } }),
    { credentials: 'same-origin' },
  );
  if (!response.ok) throw new Error(`The IDS file could not be read (${response.status}).`);
  return response.text();
}

export interface StudioDialogProps {
  projectId: string;
  idsFileId: string;
  fileName: string;
  /** A linter to use instead of the page's worker (component tests). */
  linter?: StudioLinter;
}

/** "Open in Studio" for one IDS file of the project: the Studio's editor in a dialog. */
export function StudioDialog({ projectId, idsFileId, fileName, linter }: StudioDialogProps) {
  const t = useT('files');
  const [open, setOpen] = useState(false);
  const { mode } = useDataSource();
  const text = useQuery({
    queryKey: queryKeys.idsText(mode, projectId, idsFileId),
    queryFn: () => idsText(projectId, idsFileId),
    enabled: open,
    // The Studio edits the text it opened with; the stored file does not change under it.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const chosenLinter = useQuery({
    queryKey: queryKeys.studioLinter,
    queryFn: pageLinter,
    enabled: open && !linter,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const activeLinter = linter ?? chosenLinter.data;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('files.studio.open', { name: fileName })}
      >
        <PencilRuler aria-hidden="true" />
        {t('files.studio.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
          <DialogTitle>{t('files.studio.title', { name: fileName })}</DialogTitle>
          <DialogDescription>{t('files.studio.description')}</DialogDescription>
          {text.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {text.error.message}
            </p>
          ) : text.data === undefined || !activeLinter ? (
            <Skeleton className="h-40" aria-label={t('files.studio.loadingFile')} />
          ) : (
            <Suspense fallback={<Skeleton className="h-40" aria-label={t('files.studio.loading')} />}>
              <StudioEditor
                initialText={text.data}
                fileName={fileName}
                linter={activeLinter}
                project={{ projectId, idsFileId }}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
