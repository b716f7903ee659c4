import { Logo } from '@/components/brand/logo';
import { type MessageId, useT } from '@/lib/i18n';
import { Skeleton } from './skeleton';

/** A heading the loading page can already show (message ids of `app`): the page it is loading opens with it. */
export interface PageLoadingHeading {
  title: MessageId;
  description: MessageId;
}

/**
 * A whole page on its way (its code or the session check): the header with the logo and a visible,
 * announced "Loading…" over the dashboard's skeleton. Real text, so the first paint comes as soon as
 * the app runs rather than when the page's data arrives (issue 21: first contentful paint on a phone).
 * With `heading` (a dashboard opening on the Overview, lib/opening-heading.ts) the heading's place
 * shows the page's own heading and description, at the width the page draws them (its horizontal
 * padding is the page's), instead of a bar: the largest text is painted first (issue 21: LCP).
 * Not an `<h1>`: focus after navigation waits for the page's own heading.
 */
export function PageLoading({ heading }: { heading?: PageLoadingHeading | undefined } = {}) {
  const t = useT('app');
  return (
    <div className="flex min-h-dvh flex-col bg-surface" aria-busy="true">
      <div className="flex h-14 items-center border-b border-border bg-background px-4 sm:px-6">
        <Logo />
      </div>
      <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6 sm:px-6">
        <p role="status" className="text-sm text-muted-foreground">
          {t('app.loading')}
        </p>
        {heading ? (
          <div data-loading-heading="">
            <p className="text-2xl font-semibold tracking-tight">{t(heading.title)}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t(heading.description)}</p>
          </div>
        ) : (
          <Skeleton className="h-8 w-48" />
        )}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      </div>
    </div>
  );
}
