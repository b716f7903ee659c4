import { AlertTriangle, Compass, Home, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { useT } from '@/lib/i18n';

export interface GenericErrorPageProps {
  title: string;
  message: string;
  notFound?: boolean;
}

/** The full-page error (spec 1 §2.4): what happened, with Go to Home and Refresh Page. */
export function GenericErrorPage({ title, message, notFound = false }: GenericErrorPageProps) {
  const t = useT('pages');
  const Icon = notFound ? Compass : AlertTriangle;
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SkipLink />
      <header className="px-6 py-4">
        <Link to="/">
          <Logo />
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 items-center justify-center px-6 pb-24 outline-none"
      >
        <div className="flex max-w-md flex-col items-center text-center">
          <div className="flex size-12 items-center justify-center rounded-full border border-border bg-background shadow-xs">
            <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
          </div>
          {notFound && <p className="mt-6 text-sm font-medium text-primary">404</p>}
          <h1 tabIndex={-1} className="mt-2 text-2xl font-semibold tracking-tight outline-none">
            {title}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">{message}</p>
          <div className="mt-8 flex gap-3">
            <Button asChild>
              <Link to="/">
                <Home /> {t('pages.errorPage.goHome')}
              </Link>
            </Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCw /> {t('pages.errorPage.refresh')}
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}

/** Any route we do not have. */
export function NotFoundPage() {
  const t = useT('pages');
  return (
    <GenericErrorPage
      notFound
      title={t('pages.errorPage.notFoundTitle')}
      message={t('pages.errorPage.notFoundText')}
    />
  );
}

/** The router's error element: an error thrown while rendering or loading a route. */
export function RouteErrorPage() {
  const t = useT('pages');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Route error:', error);
  return (
    <GenericErrorPage title={t('pages.errorPage.errorTitle')} message={t('pages.errorPage.errorText')} />
  );
}
