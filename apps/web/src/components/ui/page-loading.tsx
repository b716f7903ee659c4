import { Logo } from '@/components/brand/logo';
import { Skeleton } from './skeleton';

/**
 * A whole page on its way (its code or the session check): the header with the logo and a visible,
 * announced "Loading…" over the dashboard's skeleton. Real text, so the first paint comes as soon as
 * the app runs rather than when the page's data arrives (issue 21: first contentful paint on a phone).
 */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface" aria-busy="true">
      <div className="flex h-14 items-center border-b border-border bg-background px-4 sm:px-6">
        <Logo />
      </div>
      <div className="mx-auto w-full max-w-7xl space-y-4 p-6">
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      </div>
    </div>
  );
}
