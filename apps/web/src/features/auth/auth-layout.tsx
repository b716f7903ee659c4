import { CheckCircle2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { rich, useT } from '@/lib/i18n';

const POINTS = ['app.auth.pointCheck', 'app.auth.pointCompliance', 'app.auth.pointShare'] as const;

// Not needed for the first paint: its code (and icon) arrive just after, off the sign-in view's budget.
const LanguageSwitcher = lazy(async () => ({
  default: (await import('@/components/language-switcher')).LanguageSwitcher,
}));

/** Two-column frame of the sign-in and sign-up pages: product summary on the left, the form and a way into the demo on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  const t = useT('app');
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-zinc-950 p-10 text-zinc-100 lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:linear-gradient(#fff_1px,transparent_1px),linear-gradient(90deg,#fff_1px,transparent_1px)] [background-size:32px_32px]"
        />
        <Link to="/" className="relative text-white">
          <Logo />
        </Link>
        <div className="relative max-w-md">
          <h2 className="text-2xl font-semibold tracking-tight text-white">{t('app.auth.tagline')}</h2>
          <ul className="mt-6 space-y-3 text-sm text-zinc-300">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-indigo-400" aria-hidden="true" />
                <span>{t(point)}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-zinc-500">{t('app.auth.builtFor')}</p>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="relative flex items-center justify-center bg-background px-6 py-12 outline-none"
      >
        <Suspense fallback={null}>
          <LanguageSwitcher className="absolute right-4 top-4" />
        </Suspense>
        <div className="w-full max-w-sm">
          <Link to="/" className="mb-10 inline-block lg:hidden">
            <Logo />
          </Link>
          <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {title}
          </h1>
          <p className="mt-1.5 text-sm text-muted-foreground">{subtitle}</p>
          <div className="mt-8">{children}</div>
          <p className="mt-8 text-center text-sm text-muted-foreground">
            {rich(t, 'app.auth.demoPrompt', {
              link: (chunks) => (
                <Link to="/demo" className="font-medium text-foreground hover:underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      </main>
    </div>
  );
}
