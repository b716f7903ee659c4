import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { API_BASE } from '@/lib/api';
import { saveBlob } from '@/lib/save-file';

/**
 * The failures under the current specification filter as BCF 3.0, one topic per element type
 * (issue 13), for the authoring tool's issue list (BIMcollab, Solibri, Revit's BCF Manager…).
 */
export function ExportBcfButton(props: {
  projectId: string;
  fileId: string;
  versionId: string;
  specificationId: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const exportBcf = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ versionId: props.versionId, grouping: 'type' });
      if (props.specificationId) query.set('specificationId', props.specificationId);
      const response = await fetch(
        `${API_BASE}/projects/${encodeURIComponent(props.projectId)}/bimfiles/${encodeURIComponent(props.fileId)}/bcf?${query}`,
        { credentials: 'same-origin' },
      );
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `Export failed with status ${response.status}`);
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      saveBlob(await response.blob(), name ? decodeURIComponent(name) : 'issues.bcfzip');
      toast.success('BCF exported', { description: 'Open it in your authoring tool to see the issues.' });
    } catch (error) {
      toast.error('BCF export failed', {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={exportBcf} disabled={busy}>
      <Download /> {busy ? 'Exporting...' : 'Export BCF'}
    </Button>
  );
}
