import type { WebhookDelivery } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { useWebhookActions, useWebhookDeliveries } from './webhook-queries';

const STATUS_VARIANT = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;

/** One attempt in the page's language: when, the answer's HTTP status (or none), how long, the error. */
function attemptText(t: Translator<MessageId>, a: WebhookDelivery['attempts'][number]): string {
  return t('team.webhooks.attempt', {
    attempt: a.attempt,
    at: formatDateTime(a.at),
    answered: a.status_code === null ? 'no' : 'yes',
    code: a.status_code ?? '',
    duration: a.duration_ms,
    failed: a.error ? 'yes' : 'no',
    error: a.error ?? '',
  });
}

/** A hook's last deliveries with every attempt, newest first; each can be sent again. */
export function WebhookLog({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const t = useT('team');
  const deliveries = useWebhookDeliveries(projectId, webhookId);
  const { resend } = useWebhookActions(projectId);
  if (deliveries.isPending)
    return <p className="text-sm text-muted-foreground">{t('team.webhooks.loadingDeliveries')}</p>;
  if (deliveries.isError)
    return (
      <p className="text-sm text-destructive">
        {t('team.webhooks.deliveriesFailed', { error: errorMessage(deliveries.error) })}
      </p>
    );
  const rows = deliveries.data.deliveries;
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">{t('team.webhooks.noDeliveries')}</p>;
  return (
    <ul className="grid gap-2" aria-label={t('team.webhooks.log')}>
      {rows.map((d) => (
        <li key={d.id} className="rounded-md border border-border p-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS_VARIANT[d.status]}>
              {t('team.webhooks.status', { status: d.status })}
            </Badge>
            <span className="font-medium">{t('team.webhooks.event', { event: d.event })}</span>
            <span className="text-muted-foreground">{formatDateTime(d.created_at)}</span>
            <Button
              size="sm"
              variant="outline"
              className="ml-auto"
              disabled={resend.isPending || d.status === 'pending'}
              onClick={() =>
                resend.mutate(
                  { webhookId, deliveryId: d.id },
                  {
                    onSuccess: () => toast.success(t('team.webhooks.resent')),
                    onError: (error) =>
                      toast.error(t('team.webhooks.resendFailed'), { description: errorMessage(error) }),
                  },
                )
              }
            >
              {t('team.webhooks.resend')}
            </Button>
          </div>
          <ol className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
            {d.attempts.map((a) => (
              <li key={a.attempt}>{attemptText(t, a)}</li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
