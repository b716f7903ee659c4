import { type BimFile, versionFailureMessage } from '@plumbline/contracts';
import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';
import { bimFileStatusText } from '../projects/bim-files';

const STATUS_VARIANT = {
  pending: 'secondary',
  processing: 'warning',
  completed: 'success',
  failed: 'destructive',
} as const satisfies Record<BimFile['status'], string>;

/**
 * Processing state of a file's latest version; a failed one shows why beneath the badge (rendered from
 * its failure's code in the page's language, the shared `errors` catalogue; the server's words when it
 * sent no code), a completed one being checked again against changed IDS rules says so (its figures are
 * about to change).
 */
export function FileStatusBadge({
  status,
  failure,
  error,
  rechecking,
}: Pick<BimFile, 'status' | 'failure' | 'error' | 'rechecking'>) {
  const t = useT('common', 'errors');
  const busy = status === 'pending' || status === 'processing';
  const message = failure ? versionFailureMessage(failure) : null;
  const why = message && t.has(message.id) ? t(message.id, message.params) : error;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={STATUS_VARIANT[status]}>
        {busy && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
        {bimFileStatusText(status)}
      </Badge>
      {status === 'completed' && rechecking && (
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" />
          {t('common.fileRechecking')}
        </span>
      )}
      {status === 'failed' && why && <span className="max-w-72 text-xs text-destructive">{why}</span>}
    </div>
  );
}
