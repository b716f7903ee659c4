import {
  ArrowLeft,
  Cloud,
  FileCog,
  KeyRound,
  ListChecks,
  RefreshCw,
  Server,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { rich, useT } from '@/lib/i18n';

const USER_STEPS = [
  { icon: KeyRound, key: 'connect' },
  { icon: Cloud, key: 'pick' },
  { icon: FileCog, key: 'files' },
  { icon: ListChecks, key: 'checked' },
  { icon: RefreshCw, key: 'sync' },
] as const;

const TROUBLE = ['session', 'denied', 'hubs', 'auth'] as const;

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono break-all text-[0.8rem] text-foreground">
      {children}
    </code>
  );
}

/** Help page for the ACC connection (spec 1 §2: /help/acc-integration, opened in a new tab). */
export function AccIntegrationPage() {
  const t = useT('help');
  const code = (chunks: ReactNode[]) => <Code>{chunks}</Code>;
  const b = (chunks: ReactNode[]) => <span className="font-medium text-foreground">{chunks}</span>;
  return (
    <div className="min-h-dvh bg-surface">
      <SkipLink />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-6">
          <Link to="/">
            <Logo />
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to="/dashboard">
              <ArrowLeft /> {t('help.acc.back')}
            </Link>
          </Button>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-3xl px-6 py-12 outline-none">
        <p className="text-sm font-medium text-primary">{t('help.acc.eyebrow')}</p>
        <h1 tabIndex={-1} className="mt-1 text-3xl font-semibold tracking-tight outline-none">
          {t('help.acc.title')}
        </h1>
        <p className="mt-3 text-muted-foreground">{t('help.acc.intro')}</p>

        <h2 className="mt-10 text-lg font-semibold">{t('help.acc.importing')}</h2>
        <ol className="mt-4 space-y-3">
          {USER_STEPS.map((step, index) => (
            <li key={step.key}>
              <Card className="flex gap-4 p-5">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <step.icon className="size-4" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="font-medium">
                    {t('help.acc.step', { index: index + 1, title: t(`help.acc.${step.key}.title`) })}
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(`help.acc.${step.key}.text`)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>

        <h2 className="mt-10 flex items-center gap-2 text-lg font-semibold">
          <Server className="size-5 text-primary" aria-hidden="true" /> {t('help.acc.setup')}
        </h2>
        <Card className="mt-4 p-5 text-sm">
          <ol className="list-decimal space-y-3 pl-5 text-muted-foreground">
            <li>{rich(t, 'help.acc.setup.app', { b })}</li>
            <li>{rich(t, 'help.acc.setup.callback', { code })}</li>
            <li>{t('help.acc.setup.integration')}</li>
            <li>{rich(t, 'help.acc.setup.env', { code })}</li>
          </ol>
          <p className="mt-4 text-muted-foreground">{rich(t, 'help.acc.setup.scopes', { code })}</p>
          <p className="mt-3 text-muted-foreground">{rich(t, 'help.acc.setup.try', { code })}</p>
        </Card>

        <h2 className="mt-10 text-lg font-semibold">{t('help.acc.trouble')}</h2>
        <dl className="mt-4 grid gap-3">
          {TROUBLE.map((item) => (
            <Card key={item} className="p-4 text-sm">
              <dt className="font-medium">{t(`help.acc.trouble.${item}`)}</dt>
              <dd className="mt-1 text-muted-foreground">{t(`help.acc.trouble.${item}Fix`)}</dd>
            </Card>
          ))}
        </dl>

        <Card className="mt-8 flex gap-4 border-indigo-200 bg-indigo-50/60 p-5">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-medium">{t('help.acc.readOnly')}</p>
            <p className="mt-1 text-muted-foreground">{t('help.acc.readOnlyText')}</p>
          </div>
        </Card>
      </main>
    </div>
  );
}
