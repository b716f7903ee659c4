import { useQuery } from '@tanstack/react-query';
import { PencilRuler } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { apiUrl } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { useStudioT } from '@/lib/i18n/studio';
import { queryKeys } from '@/lib/query-keys';
import type { StudioLinter } from './use-lint';

// The editor, the engine's reader and the sentences load when the Studio opens, not with the page.
const StudioEditor = lazy(async () => ({ default: (await import('./studio-editor')).StudioEditor }));
let sharedLinter: StudioLinter | null = null;
async function pageLinter(): Promise<StudioLinter> {
  sharedLinter ??= (await import('./use-lint')).workerLinter();
  return sharedLinter;
}

/** The download failed with this HTTP status (the dialog says so in the reader's language). */
class IdsTextError extends Error {
  constructor(readonly status: number) {
    super(`IDS download failed: ${status}`);
  }
}

async function idsText(projectId: string, idsFileId: string): Promise<string> {
  const response = await fetch(
    apiUrl('/projects/{projectId}/idsfiles/{idsFileId}/download', { path: { projectId, idsFileId } }),
    { credentials: 'same-origin' },
  );
  if (!response.ok) throw new IdsTextError(response.status);
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
export function StudioDialog(props: StudioDialogProps) {
  const [open, setOpen] = useState(false);
  // The revision the Studio opened: its text is what the editor edits, while saving goes to the
  // lineage's current revision (a save makes a new one, with a new id, under the open Studio).
  const [openedId, setOpenedId] = useState(props.idsFileId);
  const t = useT('common');
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setOpenedId(props.idsFileId);
          setOpen(true);
        }}
        aria-label={t('common.studio.openLabel', { name: props.fileName })}
      >
        <PencilRuler aria-hidden="true" />
        {t('common.studio.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
          {/* The Studio's words load with the Studio, when the dialog first opens. */}
          <Suspense fallback={<Skeleton className="h-40" />}>
            {open && <StudioDialogBody {...props} openedId={openedId} />}
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}

function StudioDialogBody({
  projectId,
  idsFileId,
  openedId,
  fileName,
  linter,
}: StudioDialogProps & { openedId: string }) {
  const t = useStudioT();
  const { mode } = useDataSource();
  const text = useQuery({
    queryKey: queryKeys.idsText(mode, projectId, openedId),
    queryFn: () => idsText(projectId, openedId),
    // The Studio edits the text it opened with; the stored file does not change under it.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const chosenLinter = useQuery({
    queryKey: queryKeys.studioLinter,
    queryFn: pageLinter,
    enabled: !linter,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const activeLinter = linter ?? chosenLinter.data;
  return (
    <>
      <DialogTitle>{t('studio.dialog.title', { name: fileName })}</DialogTitle>
      <DialogDescription>{t('studio.dialog.description')}</DialogDescription>
      {text.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('studio.dialog.readFailed', {
            status: text.error instanceof IdsTextError ? text.error.status : 0,
          })}
        </p>
      ) : text.data === undefined || !activeLinter ? (
        <Skeleton className="h-40" aria-label={t('studio.dialog.loadingFile')} />
      ) : (
        <Suspense fallback={<Skeleton className="h-40" aria-label={t('studio.dialog.loadingStudio')} />}>
          <StudioEditor
            initialText={text.data}
            fileName={fileName}
            linter={activeLinter}
            project={{ projectId, idsFileId }}
          />
        </Suspense>
      )}
    </>
  );
}
