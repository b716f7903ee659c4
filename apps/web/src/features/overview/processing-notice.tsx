import type { ProjectOverview } from '@plumbline/contracts';
import { Loader2 } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { formatNumber } from '@/lib/format';

/**
 * Says the project's models are still being prepared, with how many are done (the server's counts),
 * so a fresh upload or the demo's first start never looks empty without a word (issue 17). The
 * Overview polls while anything is processing, so this updates and then disappears.
 */
export function ProcessingNotice({
  processing,
  demo,
}: {
  processing: ProjectOverview['processing'];
  demo: boolean;
}) {
  const { total_files: total, settled_files: settled, rechecking } = processing;
  if (total === 0 || (settled >= total && !rechecking)) return null;
  const title =
    settled < total
      ? demo
        ? 'The demo is being prepared'
        : 'Your models are being processed'
      : 'Checking the models against the IDS again';
  return (
    <div
      role="status"
      className="grid gap-2 rounded-xl border border-border bg-card p-4"
      data-testid="processing-notice"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
        {title}
      </p>
      <Progress value={total > 0 ? (settled / total) * 100 : 0} aria-label="Models processed" />
      <p className="text-xs text-muted-foreground">
        {formatNumber(settled)} of {formatNumber(total)} models processed. The figures below fill in as each
        one finishes; this page updates by itself.
      </p>
    </div>
  );
}
