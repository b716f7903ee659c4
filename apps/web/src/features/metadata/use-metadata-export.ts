import { METADATA_EXPORT_COOLDOWN_SECONDS } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { t } from '@/lib/i18n';
import type { ExplorerState } from './explorer-state';
import { type ExportFormat, exportOutcome, exportUrl } from './export-request';
import type { VersionAddress } from './queries';

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * CSV / XLSX export of the filtered rows with the 30-second cooldown (spec 2 §4 Export): the
 * buttons show the seconds left; the server enforces the same cooldown and answers 429 if asked
 * early (e.g. from another tab), which shows as the rate-limit toast.
 */
export function useMetadataExport(
  address: VersionAddress,
  state: Pick<ExplorerState, 'search' | 'filters' | 'range'>,
) {
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const secondsLeft = Math.max(0, Math.ceil((cooldownUntil - now) / 1000));

  useEffect(() => {
    if (cooldownUntil <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= cooldownUntil) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [cooldownUntil]);

  /** `totalRows` is the page's count; `exact` false: more than that many (a frequent search term). */
  async function run(format: ExportFormat, totalRows: number, exact = true) {
    if (secondsLeft > 0) {
      toast.error(t('metadata.exportRateLimited', { seconds: secondsLeft }));
      return;
    }
    if (totalRows === 0) {
      toast.error(t('metadata.noData'));
      return;
    }
    setBusy(format);
    try {
      const response = await fetch(exportUrl(address, state, format), { credentials: 'same-origin' });
      const outcome = await exportOutcome(response, `element-metadata.${format}`);
      if (outcome.kind === 'downloaded' && outcome.blob) {
        saveBlob(outcome.blob, outcome.fileName);
        setCooldownUntil(Date.now() + METADATA_EXPORT_COOLDOWN_SECONDS * 1000);
        setNow(Date.now());
        toast.success(
          t('metadata.exported', {
            exact: exact ? 'yes' : 'no',
            count: totalRows,
            format: format.toUpperCase(),
          }),
        );
      } else if (outcome.kind === 'rate-limited') {
        setCooldownUntil(Date.now() + outcome.secondsLeft * 1000);
        setNow(Date.now());
        toast.error(t('metadata.exportRateLimited', { seconds: outcome.secondsLeft }));
      } else if (outcome.kind === 'no-data') {
        toast.error(t('metadata.noData'));
      } else if (outcome.kind === 'failed') {
        toast.error(t('metadata.exportFailed'), { description: outcome.message });
      }
    } catch (error) {
      toast.error(t('metadata.exportFailed'), {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  }

  return { secondsLeft, busy, run };
}
