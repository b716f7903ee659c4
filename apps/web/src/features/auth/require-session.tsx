import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { openingHeading } from '@/lib/opening-heading';
import { useSession } from '@/lib/session';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { VerifyEmailNotice } from './verify-email-notice';

/** Renders its children only for a signed-in, verified user; anyone else goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // What the session lets through is drawn in a background render (lib/use-background-settle.ts).
  const pending = useBackgroundSettle(session.isPending) && !session.isError;
  if (pending) return <PageLoading heading={openingHeading(location.pathname, location.search)} />;
  if (session.isError) throw session.error;
  if (!session.data)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!session.data.emailVerified) return <VerifyEmailNotice user={session.data} />;
  return children;
}
