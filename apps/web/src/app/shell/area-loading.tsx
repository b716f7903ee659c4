import { useT } from '@/lib/i18n';

/**
 * Shown while a dashboard area's code arrives (each tab is its own chunk). A polite status names what
 * is loading, so a screen reader hears it once; the block keeps roughly the area's height so the page
 * does not jump when the area appears. It has no heading: focus-after-navigation waits for the area's own.
 */
export function AreaLoading({ label }: { label: string }) {
  const t = useT('common');
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="min-h-[60dvh] space-y-6">
      <span className="sr-only">{t('common.loadingArea', { label })}</span>
      <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded-md bg-muted" />
      <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}
