import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { UploadProgressRow } from '@/components/upload/upload-progress-row';
import { clearAccSession, invalidateAccSession, storedAccSession } from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import type { StepProps } from '../step-props';
import { CheckoutExpiredError, type UploadState } from '../use-wizard';

/** Processing is polled every 5 s until every file is completed or failed (spec 1 §4). */
const POLL_MS = 5_000;
/** Back from Stripe, the payment's confirmation is asked for every 2 s until the project exists. */
const CHECKOUT_POLL_MS = 2_000;

/** Complete (spec 1 §2.1): the project exists; files upload and process while the user reads this. */
export function CompleteStep({ wizard, demo, close }: StepProps) {
  const { state } = wizard;
  const t = useT('wizard');
  const navigate = useNavigate();
  const files = useQuery({
    // Under the new project's root (lib/query-keys.ts); the wizard's own read, apart from the views'.
    queryKey: queryKeys.wizardFiles(state.createdProjectId ?? ''),
    queryFn: wizard.pollProjectFiles,
    enabled: Boolean(state.createdProjectId) && !demo,
    refetchInterval: (query) => {
      const list = query.state.data ?? [];
      const uploading = Object.values(state.uploads).some(
        (u) => u.status === 'waiting' || u.status === 'uploading',
      );
      const settled = list.length > 0 && list.every((f) => f.status === 'completed' || f.status === 'failed');
      return uploading || !settled ? POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });
  const statusOf = (name: string) => files.data?.find((f) => f.name === name)?.status;
  const accFiles = state.source === 'acc' ? state.accFiles : [];
  // Back from Stripe Checkout the choice was made before the page left: show the project's own files.
  const serverOnly =
    state.files.length === 0 && accFiles.length === 0
      ? (files.data ?? []).map((f) => ({
          id: f.id,
          name: f.name,
          type: f.name.toLowerCase().endsWith('.rvt') ? 'rvt' : 'ifc',
        }))
      : [];
  const imported = accFiles.length > 0 ? accFiles : serverOnly;
  const settled =
    (files.data?.length ?? 0) > 0 &&
    files.data?.every((f) => f.status === 'completed' || f.status === 'failed');
  // Spec 1 §4: once every file has settled, the stored Autodesk session is done with.
  const importing = imported.length > 0;
  useEffect(() => {
    const sessionId = state.accSessionId ?? storedAccSession();
    if (settled && importing && sessionId) {
      void invalidateAccSession(sessionId, 'processing_complete');
      clearAccSession();
    }
  }, [settled, importing, state.accSessionId]);

  const awaitingCheckout = Boolean(state.checkoutSessionId) && !state.createdProjectId;
  const confirmation = useQuery({
    queryKey: ['wizard', 'checkout', state.checkoutSessionId],
    queryFn: () => wizard.resumeCheckout(state.checkoutSessionId as string),
    enabled: awaitingCheckout && !demo,
    refetchInterval: (query) => (query.state.data === true || query.state.error ? false : CHECKOUT_POLL_MS),
    retry: false,
  });

  if (awaitingCheckout) {
    return (
      <div className="grid gap-4">
        {confirmation.error ? (
          <p role="alert" className="text-sm text-destructive">
            {t('wizard.complete.notConfirmed', {
              reason:
                confirmation.error instanceof CheckoutExpiredError
                  ? t('wizard.complete.checkoutExpired')
                  : errorMessage(confirmation.error),
            })}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t('wizard.complete.confirming')}
          </p>
        )}
        <div className="flex justify-end border-t border-border pt-4">
          <Button
            variant="outline"
            onClick={() => {
              wizard.reset();
              close();
              navigate('/dashboard', { replace: true });
            }}
          >
            {t('wizard.complete.continue')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <CheckCircle2 className="size-8 text-green-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('wizard.created.title')}</p>
          <p className="text-sm text-muted-foreground">{t('wizard.created.text')}</p>
        </div>
      </div>
      {demo && (
        <p className="text-sm text-muted-foreground" role="note">
          {t('wizard.demo.created')}
        </p>
      )}
      {state.idsFiles.length > 0 && (
        <ul className="grid gap-2" aria-label={t('wizard.ids.uploadsLabel')}>
          {state.idsFiles.map((file) => {
            const upload = state.uploads[file.name];
            return (
              <UploadProgressRow
                key={file.name}
                name={file.name}
                label={idsUploadLabel(t, upload, demo)}
                percent={upload?.percent ?? 0}
              />
            );
          })}
        </ul>
      )}
      {state.files.length > 0 && (
        <ul className="grid gap-2" aria-label={t('wizard.complete.uploads')}>
          {state.files.map((file) => {
            const upload = state.uploads[file.name];
            const processing = statusOf(file.name);
            const label =
              upload?.status === 'failed'
                ? t('wizard.upload.failed', { error: upload.error ?? '' })
                : processing
                  ? t('wizard.complete.processing', { status: processing })
                  : upload?.status === 'uploaded'
                    ? t('wizard.upload.uploaded')
                    : demo
                      ? t('wizard.upload.demo')
                      : t('wizard.upload.uploading', { percent: upload?.percent ?? 0 });
            return (
              <UploadProgressRow
                key={file.name}
                name={file.name}
                label={label}
                percent={upload?.percent ?? 0}
              />
            );
          })}
        </ul>
      )}
      {imported.length > 0 && (
        <ul className="grid gap-2" aria-label={t('wizard.complete.imports')}>
          {imported.map((file) => {
            const processing = statusOf(file.name);
            const label =
              processing === 'completed' || processing === 'failed'
                ? t('wizard.complete.processing', { status: processing })
                : t('wizard.complete.importing', { type: file.type });
            return (
              <li key={file.id} className="flex justify-between gap-2 text-sm">
                <span className="truncate">{file.name}</span>
                <span className="text-muted-foreground" data-testid="upload-status">
                  {label}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex justify-end border-t border-border pt-4">
        <Button
          onClick={() => {
            const created = demo ? null : state.createdProjectId;
            wizard.reset();
            close();
            // Straight to the new project's Overview, where its files' results are (issue 17); the
            // demo's simulated project does not exist, so the demo's own dashboard (spec 1 §2.1).
            navigate(demo ? '/demo' : created ? `/dashboard?tab=overview&project=${created}` : '/dashboard', {
              replace: true,
            });
          }}
        >
          {t('wizard.complete.continue')}
        </Button>
      </div>
    </div>
  );
}

/** What is happening to one IDS file of the new project (it is not processed: it is read when checked). */
function idsUploadLabel(t: ReturnType<typeof useT>, upload: UploadState | undefined, demo: boolean): string {
  if (demo) return t('wizard.upload.demo');
  switch (upload?.status) {
    case 'uploaded':
      return t('wizard.upload.uploaded');
    case 'failed':
      return t('wizard.upload.failed', { error: upload.error ?? '' });
    case 'uploading':
      return t('wizard.upload.uploading', { percent: upload.percent });
    default:
      return t('wizard.upload.waiting');
  }
}
