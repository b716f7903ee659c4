import type { IdsFile } from '@plumbline/contracts';
import { FileUp } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useReplaceIdsFile } from '../projects/files/queries';

/**
 * Replace (issue 30): uploads a corrected IDS as the next revision of `file`. Unchanged requirements
 * keep their keys and their history; the replaced revision stays listed under Revisions.
 */
export function ReplaceIdsButton({
  projectId,
  file,
  blockedReason,
}: {
  projectId: string;
  file: IdsFile;
  blockedReason: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceIdsFile(projectId);

  async function send(chosen: File | undefined) {
    if (!chosen) return;
    try {
      const stored = await replace.mutateAsync({ idsFileId: file.id, file: chosen });
      toast.success(`${file.name} replaced`, {
        description: `${chosen.name} is revision ${stored.revision}.`,
      });
    } catch (error) {
      toast.error('Could not replace the IDS file', { description: errorMessage(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".ids,.xml"
        className="hidden"
        aria-label={`Corrected revision of ${file.name}`}
        onChange={(event) => void send(event.target.files?.[0])}
      />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => input.current?.click()}
        disabled={blockedReason !== undefined || replace.isPending}
        title={blockedReason ?? `Upload a corrected revision of ${file.name}`}
      >
        <FileUp aria-hidden="true" />
        {replace.isPending ? 'Replacing…' : 'Replace'}
      </Button>
    </>
  );
}
