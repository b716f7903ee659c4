import { Loader2 } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import type { ViewerState } from './use-model-viewer';
import { ViewerErrorCard } from './viewer-error-card';
import { viewerKeysSentence } from './viewer-keys-help';

/**
 * What both viewers share: the canvas container (always mounted, so the viewer has somewhere to
 * draw), the loading overlay and the error card over it, the canvas's key description and the
 * polite region that announces the selected element.
 */
export function ViewerFrame({
  containerRef,
  state,
  onRetry,
  label,
  keysDescriptionId,
  canStep = false,
  announcement = '',
  painted,
  picks,
  className,
  children,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  state: ViewerState;
  onRetry: () => void;
  label: string;
  /** The id the canvas's aria-describedby points at: the keys, in words. */
  keysDescriptionId: string;
  /** Whether N / P step through failing elements (the compliance viewer). */
  canStep?: boolean;
  /** What a screen reader hears after a pick or a step: the selected element (polite, once). */
  announcement?: string;
  /** The last colouring that reached the model (status filter and group sizes), for tests to wait on. */
  painted?: string | undefined;
  /** How many clicks on the model the viewer has answered (an element or nothing), for tests to wait on. */
  picks?: number | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const t = useT('viewer');
  return (
    <section
      aria-label={label}
      data-viewer-state={state.status}
      data-viewer-painted={painted || undefined}
      data-viewer-picks={picks}
      className={cn(
        'relative h-full min-h-[360px] overflow-hidden rounded-xl border border-border bg-slate-50',
        className,
      )}
    >
      <div ref={containerRef} className="absolute inset-0" />
      <p id={keysDescriptionId} hidden>
        {viewerKeysSentence(t, canStep)}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {state.status === 'ready' ? children : null}
      {state.status === 'loading' ? (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 bg-slate-50/80 text-sm text-muted-foreground"
        >
          <Loader2 className="size-5 animate-spin" aria-hidden />
          {t('viewer.loading')}
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="absolute inset-0 bg-slate-50">
          <ViewerErrorCard
            issue={state.issue}
            detail={state.detail}
            failedPrefix={state.failedPrefix}
            retrying={state.retrying}
            onRetry={state.final ? undefined : onRetry}
          />
        </div>
      ) : null}
    </section>
  );
}
