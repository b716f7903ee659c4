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
import { changeSummary } from './change-summary';
import { actionText, GOVERNANCE_TEXT as T } from './messages';
import { type AuditFilters, auditExportUrl, useAuditTrail, useVerifyChain } from './queries';

const ALL = 'all';
const NO_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '' };
const ACTION_CHOICES = [
  { value: ALL, label: T.allActions },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionText(action) })),
];

/**
 * The audit trail (decision 0265): a project's for its Admins (`projectId`), the installation's for
 * installation admins (with the chain check). Filters by action, actor and days; exports as CSV.
 */
export function AuditTrailCard({ projectId }: { projectId?: string }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const trail = useAuditTrail(projectId ?? null, filters);
  const verify = useVerifyChain();
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <Card role="region" aria-label={T.auditTitle}>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <ScrollText className="size-4" aria-hidden="true" /> {T.auditTitle}
          </CardTitle>
          <CardDescription>
            {projectId ? T.auditProjectDescription : T.auditInstallationDescription}
          </CardDescription>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => trail.refetch()} disabled={trail.isFetching}>
            <RefreshCw /> {T.refresh}
          </Button>
          {!projectId && (
            <Button variant="outline" size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
              <ShieldCheck /> {verify.isPending ? T.checking : T.checkChain}
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(projectId ?? null, filters)} download>
              <Download /> {T.exportCsv}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verify.data && (
          <Alert variant={verify.data.ok ? 'default' : 'destructive'} role="status">
            {verify.data.ok || !verify.data.first_bad
              ? T.chainHolds(verify.data.checked)
              : T.chainBroken(verify.data.first_bad)}
          </Alert>
        )}
        {verify.isError && <Alert variant="destructive">{errorMessage(verify.error)}</Alert>}
        <div className="grid gap-3 sm:grid-cols-4">
          <FormField label={T.actionLabel}>
            <ChoiceSelect
              value={filters.action || ALL}
              onChange={(next) => set({ action: next === ALL ? '' : next })}
              options={ACTION_CHOICES}
            />
          </FormField>
          <FormField label={T.actorLabel}>
            <Input
              value={filters.actor}
              onChange={(e) => set({ actor: e.target.value })}
              autoComplete="off"
            />
          </FormField>
          <FormField label={T.fromLabel}>
            <Input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
          </FormField>
          <FormField label={T.toLabel}>
            <Input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
          </FormField>
        </div>
        {trail.isError ? (
          <Alert variant="destructive">
            {T.auditLoadFailed}: {errorMessage(trail.error)}
          </Alert>
        ) : trail.isSuccess && entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noEntries}</p>
        ) : (
          <Table aria-label={T.auditTitle}>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>Action</TableHead>
                {!projectId && <TableHead>Project</TableHead>}
                <TableHead>Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.at)}</TableCell>
                  <TableCell>
                    {entry.actor ? (entry.actor.email ?? entry.actor.id) : T.installation}
                  </TableCell>
                  <TableCell>{actionText(entry.action)}</TableCell>
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
            {T.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
