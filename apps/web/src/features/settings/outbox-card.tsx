import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiRequest, errorMessage } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useT } from '@/lib/i18n';

const outboxSchema = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['queued', 'sent', 'failed', 'stored']),
      error: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

const STATUS = {
  queued: ['Queued', 'secondary'],
  sent: ['Sent', 'success'],
  failed: ['Failed', 'destructive'],
  stored: ['Kept (no SMTP)', 'warning'],
} as const;

/** The notification mails of the installation (admins): what went out, or what waits without SMTP_URL. */
export function OutboxCard() {
  const t = useT('settings');
  const outbox = useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: ({ signal }) => apiRequest(apiPath('/admin/outbox'), { schema: outboxSchema, signal }),
  });
  const mails = outbox.data?.mails.slice(0, 20) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('settings.outbox.title')}</CardTitle>
        <CardDescription>{t('settings.outbox.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isError ? (
          <p className="text-sm text-destructive">
            {t('settings.outbox.failed', { error: errorMessage(outbox.error) })}
          </p>
        ) : mails.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t(outbox.isPending ? 'settings.loading' : 'settings.outbox.empty')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <Table aria-label={t('settings.outbox.title')}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('settings.outbox.to')}</TableHead>
                  <TableHead>{t('settings.outbox.subject')}</TableHead>
                  <TableHead>{t('settings.outbox.status')}</TableHead>
                  <TableHead>{t('settings.outbox.written')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {mails.map((mail) => {
                  const [label, variant] = STATUS[mail.status];
                  return (
                    <TableRow key={mail.id}>
                      <TableCell>{mail.to}</TableCell>
                      <TableCell>{mail.subject}</TableCell>
                      <TableCell>
                        <Badge variant={variant} title={mail.error ?? undefined}>
                          {label}
                        </Badge>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {new Date(mail.created_at).toLocaleString('en-GB', {
                          day: 'numeric',
                          month: 'short',
                          hour: '2-digit',
                          minute: '2-digit',
                        })}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
