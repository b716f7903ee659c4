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
import { projectChanged } from '@/lib/project-freshness';
import { useFilesSource } from '../projects/files/data-source';

export interface DeleteFileButtonProps {
  projectId: string;
  fileId: string;
  fileName: string;
  kind: 'bim' | 'ids';
  blockedReason: string | undefined;
}

const WHAT = {
  bim: 'every version of this model, its elements and check results',
  ids: 'its specifications and their results; the latest model versions are checked again',
};

/** Deletes a BIM or IDS file after a confirmation (Editor or Admin; the server refuses others too). */
export function DeleteFileButton({
  projectId,
  fileId,
  fileName,
  kind,
  blockedReason,
}: DeleteFileButtonProps) {
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
      toast.success('File deleted', { description: `${fileName} was deleted.` });
      setOpen(false);
    } catch (error) {
      toast.error('Delete failed', { description: errorMessage(error, 'Failed to delete the file.') });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setOpen(true)}
        disabled={blockedReason !== undefined}
        title={blockedReason ?? `Delete ${fileName}`}
        aria-label={`Delete ${fileName}`}
      >
        <Trash2 />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {fileName}?</AlertDialogTitle>
          <AlertDialogDescription>
            This deletes the file with {WHAT[kind]}. It cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
