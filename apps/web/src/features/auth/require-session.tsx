import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { VerifyEmailNotice } from './verify-email-notice';

/** Renders its children only for a signed-in, verified user; anyone else goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoading />;
  if (session.isError) throw session.error;
  if (!session.data)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!session.data.emailVerified) return <VerifyEmailNotice user={session.data} />;
  return children;
}

function FullPageLoading() {
  return (
    <div className="flex min-h-dvh flex-col" role="status" aria-busy="true" aria-label="Loading">
      <div className="h-14 border-b border-border bg-background" />
      <div className="mx-auto w-full max-w-7xl space-y-4 p-6">
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
