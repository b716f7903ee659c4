import type { ProjectOverview } from '@plumbline/contracts';
import { Loader2 } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { useT } from '@/lib/i18n';

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
  const t = useT('overview');
  const { total_files: total, settled_files: settled, rechecking } = processing;
  if (total === 0 || (settled >= total && !rechecking)) return null;
  const title =
    settled < total
      ? demo
        ? t('overview.processing.demo')
        : t('overview.processing.models')
      : t('overview.processing.rechecking');
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
      <Progress
        value={total > 0 ? (settled / total) * 100 : 0}
        aria-label={t('overview.processing.progressLabel')}
      />
      <p className="text-xs text-muted-foreground">{t('overview.processing.progress', { settled, total })}</p>
    </div>
  );
}
