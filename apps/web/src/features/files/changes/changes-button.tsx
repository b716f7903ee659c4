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
import { rich, useT } from '@/lib/i18n';
import { ChangesView } from './changes-view';

/** Opens a file's Changes view; shown once the file has two versions to compare. */
export function ChangesButton({ projectId, file }: { projectId: string; file: BimFile }) {
  const t = useT('changes');
  if (file.version_count < 2) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <GitCompare aria-hidden="true" />
          {rich(t, 'changes.button', {
            name: file.name,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('changes.title', { name: file.name })}</DialogTitle>
          <DialogDescription>{t('changes.description')}</DialogDescription>
        </DialogHeader>
        <ChangesView projectId={projectId} fileId={file.id} />
      </DialogContent>
    </Dialog>
  );
}
