import { Loader2 } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/cn';
import type { ViewerState } from './use-model-viewer';
import { ViewerErrorCard } from './viewer-error-card';

/**
 * What both viewers share: the canvas container (always mounted, so the viewer has somewhere to
 * draw), the loading overlay and the error card over it.
 */
export function ViewerFrame({
  containerRef,
  state,
  onRetry,
  label,
  className,
  children,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  state: ViewerState;
  onRetry: () => void;
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      data-viewer-state={state.status}
      className={cn(
        'relative h-full min-h-[360px] overflow-hidden rounded-xl border border-border bg-slate-50',
        className,
      )}
    >
      <div ref={containerRef} className="absolute inset-0" />
      {state.status === 'ready' ? children : null}
      {state.status === 'loading' ? (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 bg-slate-50/80 text-sm text-muted-foreground"
        >
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Loading BIM viewer...
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="absolute inset-0 bg-slate-50">
          <ViewerErrorCard
            title={state.title}
            message={state.message}
            retrying={state.retrying}
            onRetry={onRetry}
          />
        </div>
      ) : null}
    </section>
  );
}
