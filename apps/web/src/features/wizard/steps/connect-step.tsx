import { CloudOff, ExternalLink, HardDriveUpload, Loader2, PlugZap, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { accSessionStatus, startAccSignIn, storedAccSession, useAccConfig } from '@/lib/acc';
import { rich, useT } from '@/lib/i18n';
import type { StepProps } from '../step-props';

type SessionState = 'checking' | 'valid' | 'invalid' | 'none';

function HelpLink() {
  const t = useT('wizard');
  return (
    <a
      href="/help/acc-integration"
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
    >
      {t('wizard.connect.help')} <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}

/**
 * Connect (spec 1 §2.1): the state of the stored ACC session — checking, valid (last 8 characters of
 * its id, Re-authenticate or Continue with Current Session), invalid ('Session expired or invalid'),
 * none (Connect to Autodesk ACC) — and the other source, files from this computer.
 */
export function ConnectStep({ wizard, demo }: StepProps) {
  const t = useT('wizard');
  const config = useAccConfig();
  const accEnabled = !demo && config.data?.enabled === true;
  const [session, setSession] = useState<{ state: SessionState; id: string | null }>({
    state: 'checking',
    id: null,
  });

  useEffect(() => {
    if (!accEnabled) return;
    const id = storedAccSession();
    if (!id) {
      setSession({ state: 'none', id: null });
      return;
    }
    let cancelled = false;
    setSession({ state: 'checking', id });
    accSessionStatus(id)
      .then((status) => !cancelled && setSession({ state: status.status, id }))
      .catch(() => !cancelled && setSession({ state: 'invalid', id }));
    return () => {
      cancelled = true;
    };
  }, [accEnabled]);

  const chooseLocal = () => {
    wizard.update({ source: 'local', step: 'project_details' });
  };
  const continueWithSession = () => {
    if (!session.id) return;
    wizard.update({ source: 'acc', accSessionId: session.id, step: 'select_project' });
  };
  const connect = () => startAccSignIn('project_creation');

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('wizard.connect.where')}</p>
      {accEnabled ? (
        <section
          aria-label={t('wizard.connect.acc')}
          className="grid gap-3 rounded-lg border border-border p-4"
        >
          <div className="flex items-start gap-4">
            <PlugZap className="mt-0.5 size-6 text-primary" aria-hidden="true" />
            <div className="grid gap-1 text-sm">
              <span className="font-medium">{t('wizard.connect.acc')}</span>
              {session.state === 'checking' && (
                <span className="inline-flex items-center gap-2 text-muted-foreground" role="status">
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />{' '}
                  {t('wizard.connect.checking')}
                </span>
              )}
              {session.state === 'valid' && (
                <span className="text-muted-foreground">
                  {rich(t, 'wizard.connect.connected', {
                    session: session.id?.slice(-8) ?? '',
                    code: (chunks) => <span className="font-mono text-foreground">{chunks}</span>,
                  })}
                </span>
              )}
              {session.state === 'invalid' && (
                <span className="text-destructive" role="alert">
                  {t('wizard.connect.invalid')}
                </span>
              )}
              {session.state === 'none' && (
                <span className="text-muted-foreground">{t('wizard.connect.intro')}</span>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {session.state === 'valid' && (
              <>
                <Button onClick={continueWithSession}>{t('wizard.connect.continue')}</Button>
                <Button variant="outline" onClick={connect}>
                  <RefreshCw /> {t('wizard.connect.reauthenticate')}
                </Button>
              </>
            )}
            {session.state === 'invalid' && (
              <Button onClick={connect}>
                <RefreshCw /> {t('wizard.connect.reauthenticate')}
              </Button>
            )}
            {session.state === 'none' && <Button onClick={connect}>{t('wizard.connect.connect')}</Button>}
          </div>
          <HelpLink />
        </section>
      ) : (
        <div className="flex items-start gap-4 rounded-lg border border-dashed border-border p-4 text-left">
          <CloudOff className="mt-0.5 size-6 text-muted-foreground" aria-hidden="true" />
          <span className="grid gap-1 text-sm">
            <span className="block font-medium">{t('wizard.connect.connect')}</span>
            <span className="block text-muted-foreground">
              {t('wizard.connect.unavailable', { demo: demo ? 'yes' : 'no' })}
            </span>
            <HelpLink />
          </span>
        </div>
      )}
      <button
        type="button"
        onClick={chooseLocal}
        className="flex items-start gap-4 rounded-lg border border-border p-4 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <HardDriveUpload className="mt-0.5 size-6 text-primary" aria-hidden="true" />
        <span>
          <span className="block font-medium">{t('wizard.connect.local')}</span>
          <span className="block text-sm text-muted-foreground">{t('wizard.connect.localText')}</span>
        </span>
      </button>
    </div>
  );
}
