import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';

const POINTS = [
  'Check IFC 2X3, IFC4 and IFC4X3 models against buildingSMART IDS 1.0 rules',
  'See compliance per specification, per element and across versions',
  'Share results with your project team and export PDF or Excel reports',
];

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
          <h2 className="text-2xl font-semibold tracking-tight text-white">
            Know where your models comply, and where they don't.
          </h2>
          <ul className="mt-6 space-y-3 text-sm text-zinc-300">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-indigo-400" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-zinc-500">Built for BIM project teams.</p>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex items-center justify-center bg-background px-6 py-12 outline-none"
      >
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
            Just looking?{' '}
            <Link to="/demo" className="font-medium text-foreground hover:underline">
              Explore the demo
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
