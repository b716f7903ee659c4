import type { IdsFile } from '@plumbline/contracts';
import { FileUp } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
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
  const t = useT('files');
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceIdsFile(projectId);

  async function send(chosen: File | undefined) {
    if (!chosen) return;
    try {
      const stored = await replace.mutateAsync({ idsFileId: file.id, file: chosen });
      toast.success(t('files.replaced', { name: file.name }), {
        description: t('files.replacedHint', { file: chosen.name, revision: String(stored.revision) }),
      });
    } catch (error) {
      toast.error(t('files.replaceFailed'), { description: errorMessage(error) });
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
        aria-label={t('files.correctedRevision', { name: file.name })}
        onChange={(event) => void send(event.target.files?.[0])}
      />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => input.current?.click()}
        disabled={blockedReason !== undefined || replace.isPending}
        title={blockedReason ?? t('files.uploadCorrected', { name: file.name })}
      >
        <FileUp aria-hidden="true" />
        {replace.isPending ? t('files.replacing') : t('files.replace')}
      </Button>
    </>
  );
}
