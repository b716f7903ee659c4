import { AlertTriangle, MousePointerClick, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { errorCardHint } from './model-load-errors';

/** The card shown instead of a model (spec 3 §2.1): title, message, 'Try Again' and a hint. */
export function ViewerErrorCard({
  title,
  message,
  retrying,
  onRetry,
}: {
  title: string;
  message: string;
  retrying: boolean;
  /** Absent when trying again cannot help. */
  onRetry?: (() => void) | undefined;
}) {
  const t = useT('viewer');
  const selection = title === 'Selection Required';
  const Icon = selection ? MousePointerClick : AlertTriangle;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-card p-6 shadow-xs"
      >
        <Icon className={selection ? 'size-8 text-muted-foreground' : 'size-8 text-amber-500'} aria-hidden />
        <h3 className="text-base font-semibold">{title}</h3>
        <p className="text-sm break-words text-muted-foreground [overflow-wrap:anywhere]">{message}</p>
        {retrying ? <p className="text-xs text-muted-foreground">{t('viewer.checkingAgain')}</p> : null}
        {selection || !onRetry ? null : (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden />
            {t('viewer.tryAgain')}
          </Button>
        )}
      </div>
      <p className="max-w-md text-xs text-muted-foreground">{errorCardHint(message)}</p>
    </div>
  );
}
