import type { WebhookFormat } from '@plumbline/contracts';
import { Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { WebhookLog } from './webhook-log';
import { useWebhookActions, useWebhooks } from './webhook-queries';

/** The payload formats by their product names, the same in every language. */
const FORMAT_NAMES: Record<WebhookFormat, string> = { json: 'JSON', slack: 'Slack', teams: 'Teams' };

/**
 * A project's outbound webhooks, for its Admins (decision 0291): add one (its signing secret is shown
 * once), send a test, read and re-send from the delivery log, remove.
 */
export function WebhooksCard({ projectId }: { projectId: string }) {
  const t = useT('team');
  const hooks = useWebhooks(projectId, true);
  const { create, remove, ping } = useWebhookActions(projectId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, url, format },
      {
        onSuccess: (answer) => {
          setSecret({ name: answer.webhook.name, value: answer.secret });
          setName('');
          setUrl('');
        },
        onError: (error) => toast.error(t('team.webhooks.addFailed'), { description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-4" aria-hidden /> {t('team.webhooks.title')}
        </CardTitle>
        <CardDescription>{t('team.webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? (
          <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm">
            <p className="font-medium">{t('team.webhooks.secret', { name: secret.name })}</p>
            <code className="mt-1 block break-all font-mono text-xs" data-testid="webhook-secret">
              {secret.value}
            </code>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => setSecret(null)}>
              {t('team.webhooks.done')}
            </Button>
          </div>
        ) : null}
        {hooks.isError ? (
          <p className="text-sm text-destructive">
            {t('team.webhooks.loadFailed', { error: errorMessage(hooks.error) })}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t('team.webhooks.title')}>
            {(hooks.data?.webhooks ?? []).map((hook) => (
              <li key={hook.id} className="grid gap-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{hook.name}</span>
                  <span className="text-muted-foreground">{hook.url_host}</span>
                  <Badge variant="outline">{FORMAT_NAMES[hook.format]}</Badge>
                  {hook.last_delivery ? (
                    <Badge
                      variant={
                        hook.last_delivery.status === 'delivered'
                          ? 'success'
                          : hook.last_delivery.status === 'failed'
                            ? 'destructive'
                            : 'warning'
                      }
                    >
                      {t('team.webhooks.last', { status: hook.last_delivery.status })}
                    </Badge>
                  ) : null}
                  <span className="ml-auto flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={ping.isPending}
                      onClick={() =>
                        ping.mutate(hook.id, {
                          onSuccess: () => {
                            setOpen(hook.id);
                            toast.success(t('team.webhooks.testQueued'));
                          },
                          onError: (error) =>
                            toast.error(t('team.webhooks.testFailed'), { description: errorMessage(error) }),
                        })
                      }
                    >
                      {t('team.webhooks.sendTest')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-expanded={open === hook.id}
                      onClick={() => setOpen(open === hook.id ? null : hook.id)}
                    >
                      {t('team.webhooks.deliveries')}
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(hook.id, {
                          onSuccess: () =>
                            toast.success(t('team.webhooks.removed'), { description: hook.name }),
                          onError: (error) =>
                            toast.error(t('team.webhooks.removeFailed'), {
                              description: errorMessage(error),
                            }),
                        })
                      }
                    >
                      {t('team.webhooks.remove')}
                    </Button>
                  </span>
                </div>
                {open === hook.id ? <WebhookLog projectId={projectId} webhookId={hook.id} /> : null}
              </li>
            ))}
          </ul>
        )}
        <form className="grid gap-3 sm:grid-cols-[1fr_2fr_auto_auto] sm:items-end" onSubmit={onAdd}>
          <FormField label={t('team.webhooks.name')}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          </FormField>
          <FormField label={t('team.webhooks.url')}>
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder={t('team.webhooks.urlPlaceholder')}
              required
            />
          </FormField>
          <FormField label={t('team.webhooks.format')}>
            <FormatSelect value={format} onChange={setFormat} />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {t('team.webhooks.add')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The payload format picker; FormField's id goes to the trigger, so the label names it. */
function FormatSelect({
  value,
  onChange,
  id,
}: {
  value: WebhookFormat;
  onChange: (format: WebhookFormat) => void;
  id?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as WebhookFormat)}>
      <SelectTrigger id={id} className="w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="json">{FORMAT_NAMES.json}</SelectItem>
        <SelectItem value="slack">{FORMAT_NAMES.slack}</SelectItem>
        <SelectItem value="teams">{FORMAT_NAMES.teams}</SelectItem>
      </SelectContent>
    </Select>
  );
}
