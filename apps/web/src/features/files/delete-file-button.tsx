import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { projectChanged } from '@/lib/project-freshness';
import { useFilesSource } from '../projects/files/data-source';

export interface DeleteFileButtonProps {
  projectId: string;
  fileId: string;
  fileName: string;
  kind: 'bim' | 'ids';
  blockedReason: string | undefined;
}

/** Deletes a BIM or IDS file after a confirmation (Editor or Admin; the server refuses others too). */
export function DeleteFileButton({
  projectId,
  fileId,
  fileName,
  kind,
  blockedReason,
}: DeleteFileButtonProps) {
  const t = useT('files');
  const [open, setOpen] = useState(false);
  // Through the files source, whose demo refuses before any request (decision 0061).
  const { mode, source } = useFilesSource();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => source.deleteFile(projectId, kind, fileId),
    onSuccess: () => projectChanged(queryClient, mode, projectId),
  });

  async function confirm() {
    try {
      await remove.mutateAsync();
      toast.success(t('files.deleted'), { description: t('files.deletedHint', { name: fileName }) });
      setOpen(false);
    } catch (error) {
      toast.error(t('files.deleteFailed'), {
        description: errorMessage(error, t('files.deleteFailedHint')),
      });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setOpen(true)}
        disabled={blockedReason !== undefined}
        title={blockedReason ?? t('files.deleteLabel', { name: fileName })}
        aria-label={t('files.deleteLabel', { name: fileName })}
      >
        <Trash2 />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('files.deleteTitle', { name: fileName })}</AlertDialogTitle>
          <AlertDialogDescription>{t('files.deleteText', { kind })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t('files.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
            disabled={remove.isPending}
          >
            {remove.isPending ? t('files.deleting') : t('files.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
