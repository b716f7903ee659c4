import { AUDIT_ACTIONS } from '@plumbline/contracts';
import { Download, RefreshCw, ScrollText, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { changeSummary } from './change-summary';
import { actionText, chainBrokenText } from './messages';
import { type AuditFilters, auditExportUrl, useAuditTrail, useVerifyChain } from './queries';

const ALL = 'all';
const NO_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '' };

/**
 * The audit trail (decision 0265): a project's for its Admins (`projectId`), the installation's for
 * installation admins (with the chain check). Filters by action, actor and days; exports as CSV.
 */
export function AuditTrailCard({ projectId }: { projectId?: string }) {
  const t = useT('governance');
  const actionChoices = [
    { value: ALL, label: t('governance.audit.allActions') },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionText(t, action) })),
  ];
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const trail = useAuditTrail(projectId ?? null, filters);
  const verify = useVerifyChain();
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <Card role="region" aria-label={t('governance.audit.title')}>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <ScrollText className="size-4" aria-hidden="true" /> {t('governance.audit.title')}
          </CardTitle>
          <CardDescription>
            {projectId
              ? t('governance.audit.projectDescription')
              : t('governance.audit.installationDescription')}
          </CardDescription>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => trail.refetch()} disabled={trail.isFetching}>
            <RefreshCw /> {t('governance.audit.refresh')}
          </Button>
          {!projectId && (
            <Button variant="outline" size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
              <ShieldCheck />{' '}
              {verify.isPending ? t('governance.audit.checking') : t('governance.audit.checkChain')}
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(projectId ?? null, filters)} download>
              <Download /> {t('governance.audit.exportCsv')}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verify.data && (
          <Alert variant={verify.data.ok ? 'default' : 'destructive'} role="status">
            {verify.data.ok || !verify.data.first_bad
              ? t('governance.audit.chainHolds', { checked: verify.data.checked })
              : chainBrokenText(t, verify.data.first_bad)}
          </Alert>
        )}
        {verify.isError && <Alert variant="destructive">{errorMessage(verify.error)}</Alert>}
        <div className="grid gap-3 sm:grid-cols-4">
          <FormField label={t('governance.audit.filter.action')}>
            <ChoiceSelect
              value={filters.action || ALL}
              onChange={(next) => set({ action: next === ALL ? '' : next })}
              options={actionChoices}
            />
          </FormField>
          <FormField label={t('governance.audit.filter.actor')}>
            <Input
              value={filters.actor}
              onChange={(e) => set({ actor: e.target.value })}
              autoComplete="off"
            />
          </FormField>
          <FormField label={t('governance.audit.filter.from')}>
            <Input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
          </FormField>
          <FormField label={t('governance.audit.filter.to')}>
            <Input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
          </FormField>
        </div>
        {trail.isError ? (
          <Alert variant="destructive">
            {t('governance.audit.loadFailed', { error: errorMessage(trail.error) })}
          </Alert>
        ) : trail.isSuccess && entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('governance.audit.noEntries')}</p>
        ) : (
          <Table aria-label={t('governance.audit.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('governance.audit.column.when')}</TableHead>
                <TableHead>{t('governance.audit.column.who')}</TableHead>
                <TableHead>{t('governance.audit.column.action')}</TableHead>
                {!projectId && <TableHead>{t('governance.audit.column.project')}</TableHead>}
                <TableHead>{t('governance.audit.column.change')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.at)}</TableCell>
                  <TableCell>
                    {entry.actor ? (entry.actor.email ?? entry.actor.id) : t('governance.audit.installation')}
                  </TableCell>
                  <TableCell>{actionText(t, entry.action)}</TableCell>
                  {!projectId && <TableCell>{entry.project?.name ?? '—'}</TableCell>}
                  <TableCell className="max-w-md truncate" title={JSON.stringify(entry.details)}>
                    {changeSummary(entry.details)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {trail.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => trail.fetchNextPage()}
            disabled={trail.isFetchingNextPage}
          >
            {t('governance.audit.loadMore')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
