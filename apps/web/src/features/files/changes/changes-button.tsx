import type { BimFile } from '@plumbline/contracts';
import { GitCompare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ChangesView } from './changes-view';

/** Opens a file's Changes view; shown once the file has two versions to compare. */
export function ChangesButton({ projectId, file }: { projectId: string; file: BimFile }) {
  if (file.version_count < 2) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <GitCompare aria-hidden="true" />
          Changes
          <span className="sr-only"> of {file.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Changes: {file.name}</DialogTitle>
          <DialogDescription>
            What newly fails, what was fixed and what was removed between two checked versions.
          </DialogDescription>
        </DialogHeader>
        <ChangesView projectId={projectId} fileId={file.id} />
      </DialogContent>
    </Dialog>
  );
}
