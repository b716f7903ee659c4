import { AlertTriangle, MousePointerClick, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { isSelectionIssue, type ViewerIssue } from './model-load-errors';

/** The card shown instead of a model (spec 3 §2.1): title, message, 'Try Again' and a hint. */
export function ViewerErrorCard({
  issue,
  detail,
  failedPrefix = false,
  retrying,
  onRetry,
}: {
  issue: ViewerIssue;
  /** A load error's own text. */
  detail?: string | undefined;
  /** The IDS compliance viewer says 'Failed to load model: …' before a load problem (spec 3 §8). */
  failedPrefix?: boolean | undefined;
  retrying: boolean;
  /** Absent when trying again cannot help. */
  onRetry?: (() => void) | undefined;
}) {
  const t = useT('viewer');
  const selection = isSelectionIssue(issue);
  const Icon = selection ? MousePointerClick : AlertTriangle;
  const kind = selection ? 'selection' : 'unavailable';
  const message = viewerProblemText(t, issue, detail, failedPrefix);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-card p-6 shadow-xs"
      >
        <Icon className={selection ? 'size-8 text-muted-foreground' : 'size-8 text-amber-500'} aria-hidden />
        <h3 className="text-base font-semibold">{t('viewer.card.title', { kind })}</h3>
        <p className="text-sm break-words text-muted-foreground [overflow-wrap:anywhere]">{message}</p>
        {retrying ? <p className="text-xs text-muted-foreground">{t('viewer.checkingAgain')}</p> : null}
        {selection || !onRetry ? null : (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden />
            {t('viewer.tryAgain')}
          </Button>
        )}
      </div>
      <p className="max-w-md text-xs text-muted-foreground">{t('viewer.card.hint', { kind })}</p>
    </div>
  );
}

/** A problem's sentence, with 'Failed to load model: ' before it in the compliance viewer. */
export function viewerProblemText(
  t: ReturnType<typeof useT>,
  issue: ViewerIssue,
  detail: string | undefined,
  failedPrefix = false,
): string {
  const message = t('viewer.problem.message', { issue, detail: detail ?? '' });
  return failedPrefix ? t('viewer.problem.failedPrefix', { message }) : message;
}
