import { type BcfVersion, bcfVersionSchema, DEFAULT_BCF_VERSION } from '@plumbline/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiUrl } from '@/lib/api/paths';
import { BcfValiditySwitch } from '@/lib/bcf-validity-switch';
import { useT } from '@/lib/i18n';
import { saveBlob } from '@/lib/save-file';

/**
 * The failures under the current specification filter as BCF, one topic per element type (issue 13),
 * for the authoring tool's issue list (BIMcollab, Solibri, Revit's BCF Manager…); 2.1 unless the
 * user picks 3.0 beside the button (issue 20); the model's validity findings as topics of their own
 * when the user asks (issue 38, decision 0330).
 */
export function ExportBcfButton(props: {
  projectId: string;
  fileId: string;
  versionId: string;
  specificationId: string | null;
}) {
  const t = useT('compliance');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState<BcfVersion>(DEFAULT_BCF_VERSION);
  const [validity, setValidity] = useState(false);
  const exportBcf = async () => {
    setBusy(true);
    try {
      const url = apiUrl('/projects/{projectId}/bimfiles/{fileId}/bcf', {
        path: { projectId: props.projectId, fileId: props.fileId },
        query: {
          versionId: props.versionId,
          grouping: 'type',
          bcfVersion: version,
          specificationId: props.specificationId || null,
          validity: validity ? 'true' : null,
        },
      });
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(
          body?.error?.message ?? t('compliance.bcf.failedStatus', { status: String(response.status) }),
        );
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      saveBlob(await response.blob(), name ? decodeURIComponent(name) : 'issues.bcf');
      toast.success(t('compliance.bcf.exported'), { description: t('compliance.bcf.exportedHint') });
    } catch (error) {
      toast.error(t('compliance.bcf.failed'), {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BcfValiditySwitch checked={validity} onCheckedChange={setValidity} />
      <Select value={version} onValueChange={(v) => setVersion(bcfVersionSchema.parse(v))}>
        <SelectTrigger
          aria-label={t('compliance.bcf.version')}
          className="h-8 w-auto min-w-[6.5rem] max-w-[16rem]"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {bcfVersionSchema.options.map((option) => (
            <SelectItem key={option} value={option}>
              {t('compliance.bcf.versionName', {
                version: option,
                mostTools: option === DEFAULT_BCF_VERSION ? 'yes' : 'no',
              })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="outline" size="sm" onClick={exportBcf} disabled={busy}>
        <Download /> {busy ? t('compliance.bcf.exporting') : t('compliance.bcf.export')}
      </Button>
    </div>
  );
}
