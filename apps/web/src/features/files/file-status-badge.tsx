import type { BimFile } from '@plumbline/contracts';
import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { BIM_FILE_STATUS_LABEL } from '../projects/bim-files';

const STATUS_VARIANT = {
  pending: 'secondary',
  processing: 'warning',
  completed: 'success',
  failed: 'destructive',
} as const satisfies Record<BimFile['status'], string>;

/** Processing state of a file's latest version; a failed one shows why beneath the badge. */
export function FileStatusBadge({ status, error }: Pick<BimFile, 'status' | 'error'>) {
  const busy = status === 'pending' || status === 'processing';
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={STATUS_VARIANT[status]}>
        {busy && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
        {BIM_FILE_STATUS_LABEL[status]}
      </Badge>
      {status === 'failed' && error && <span className="max-w-72 text-xs text-destructive">{error}</span>}
    </div>
  );
}
