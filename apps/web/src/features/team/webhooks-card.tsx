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
import { WebhookLog } from './webhook-log';
import { useWebhookActions, useWebhooks } from './webhook-queries';

/**
 * A project's outbound webhooks, for its Admins (decision 0291): add one (its signing secret is shown
 * once), send a test, read and re-send from the delivery log, remove.
 */
export function WebhooksCard({ projectId }: { projectId: string }) {
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
        onError: (error) => toast.error('Could not add the webhook', { description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-4" aria-hidden /> Webhooks
        </CardTitle>
        <CardDescription>
          Each new version compared with the one before is sent to these addresses, signed with the hook's
          secret. Slack format posts into a Slack channel's incoming webhook; Teams format posts an Adaptive
          Card into a Microsoft Teams channel's incoming webhook.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? (
          <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm">
            <p className="font-medium">
              Signing secret of “{secret.name}”: copy it now, it is not shown again.
            </p>
            <code className="mt-1 block break-all font-mono text-xs" data-testid="webhook-secret">
              {secret.value}
            </code>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        ) : null}
        {hooks.isError ? (
          <p className="text-sm text-destructive">Could not load the webhooks: {errorMessage(hooks.error)}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Webhooks">
            {(hooks.data?.webhooks ?? []).map((hook) => (
              <li key={hook.id} className="grid gap-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{hook.name}</span>
                  <span className="text-muted-foreground">{hook.url_host}</span>
                  <Badge variant="outline">
                    {hook.format === 'slack' ? 'Slack' : hook.format === 'teams' ? 'Teams' : 'JSON'}
                  </Badge>
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
                      last: {hook.last_delivery.status}
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
                            toast.success('Test delivery queued');
                          },
                          onError: (error) =>
                            toast.error('Could not send a test', { description: errorMessage(error) }),
                        })
                      }
                    >
                      Send test
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-expanded={open === hook.id}
                      onClick={() => setOpen(open === hook.id ? null : hook.id)}
                    >
                      Deliveries
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(hook.id, {
                          onSuccess: () => toast.success('Webhook removed', { description: hook.name }),
                          onError: (error) =>
                            toast.error('Could not remove it', { description: errorMessage(error) }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </span>
                </div>
                {open === hook.id ? <WebhookLog projectId={projectId} webhookId={hook.id} /> : null}
              </li>
            ))}
          </ul>
        )}
        <form className="grid gap-3 sm:grid-cols-[1fr_2fr_auto_auto] sm:items-end" onSubmit={onAdd}>
          <FormField label="Name">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          </FormField>
          <FormField label="URL">
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://hooks.slack.com/services/…"
              required
            />
          </FormField>
          <FormField label="Format">
            <FormatSelect value={format} onChange={setFormat} />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            Add webhook
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
        <SelectItem value="json">JSON</SelectItem>
        <SelectItem value="slack">Slack</SelectItem>
        <SelectItem value="teams">Teams</SelectItem>
      </SelectContent>
    </Select>
  );
}
