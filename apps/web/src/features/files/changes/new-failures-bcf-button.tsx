import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api/paths';
import { useT } from '@/lib/i18n';
import { saveBlob } from '@/lib/save-file';

/**
 * The new failures of the two versions shown as BCF (issue 30): one topic per element and
 * specification, written by the server with `plumbline compare`'s own code, so a new failure keeps
 * its topic GUID from one export to the next. Nothing to export when nothing newly fails.
 */
export function NewFailuresBcfButton(props: {
  projectId: string;
  fileId: string;
  pair: { from: string; to: string };
  newFailures: number;
}) {
  const t = useT('projects');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const url = apiUrl('/projects/{projectId}/bimfiles/{fileId}/comparison/bcf', {
        path: { projectId: props.projectId, fileId: props.fileId },
        query: { from: props.pair.from, to: props.pair.to },
      });
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? String(response.status));
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      saveBlob(await response.blob(), name ? decodeURIComponent(name) : 'new failures.bcf');
      toast.success(t('projects.changes.bcf.done'));
    } catch (error) {
      toast.error(t('projects.changes.bcf.failed'), {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={download} disabled={busy || props.newFailures === 0}>
      <Download /> {busy ? t('projects.changes.bcf.busy') : t('projects.changes.bcf.download')}
    </Button>
  );
}
