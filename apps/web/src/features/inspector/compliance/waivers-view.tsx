import { type WaiverListQuery, waiverStateSchema } from '@plumbline/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useActionBlockedReason } from '@/features/projects/permissions';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';
import { useWaiverSettings, useWaivers, waiversExportUrl } from '@/lib/waiver-queries';
import { WaiverRow } from './waiver-row';

const ANY = 'any';

/**
 * The Waivers view (issue 32), a sub-view of the File Inspector's Compliance tab: the file's waivers
 * with filters by state, specification, requester and expiring within 30 days, an XLSX export, and
 * approve / reject for project Admins.
 */
export function WaiversView({ projectId, fileId }: { projectId: string; fileId: string }) {
  const t = useT('waivers');
  const user = useCurrentUser();
  const [state, setState] = useState(ANY);
  const [spec, setSpec] = useState(ANY);
  const [requester, setRequester] = useState(ANY);
  const [expiring, setExpiring] = useState(false);
  const query: WaiverListQuery = {
    file_id: fileId,
    ...(state !== ANY ? { state: state as WaiverListQuery['state'] } : {}),
    ...(spec !== ANY ? { specification_key: spec } : {}),
    ...(requester !== ANY ? { requester_id: requester } : {}),
    ...(expiring ? { expiring: 'true' as const } : {}),
  };
  const list = useWaivers(projectId, query);
  // The specification and requester choices come from the file's waivers as a whole.
  const all = useWaivers(projectId, { file_id: fileId });
  const canDecide = useActionBlockedReason(projectId, 'waivers.decide');
  const settings = useWaiverSettings(projectId);
  const any = { value: ANY, label: t('waivers.view.any') };
  const specs = new Map((all.data?.waivers ?? []).map((w) => [w.specification.key, w.specification.name]));
  const people = new Map(
    (all.data?.waivers ?? []).map((w) => [
      w.requested_by.id,
      w.requested_by.full_name ?? w.requested_by.email ?? '',
    ]),
  );
  const selfApproval = list.data?.self_approval ?? false;
  return (
    <div className="space-y-3 p-4" data-testid="waivers-view">
      <div className="flex flex-wrap items-end gap-3">
        <Filter label={t('waivers.view.filterState')}>
          <ChoiceSelect
            value={state}
            onChange={setState}
            options={[
              any,
              ...waiverStateSchema.options.map((s) => ({
                value: s,
                label: t('waivers.stateName', { state: s }),
              })),
            ]}
          />
        </Filter>
        <Filter label={t('waivers.view.filterSpecification')}>
          <ChoiceSelect
            value={spec}
            onChange={setSpec}
            options={[any, ...[...specs].map(([value, label]) => ({ value, label }))]}
          />
        </Filter>
        <Filter label={t('waivers.view.filterRequester')}>
          <ChoiceSelect
            value={requester}
            onChange={setRequester}
            options={[any, ...[...people].map(([value, label]) => ({ value, label }))]}
          />
        </Filter>
        <div className="flex items-center gap-2 pb-2">
          <Switch id="waivers-expiring" checked={expiring} onCheckedChange={setExpiring} />
          <Label htmlFor="waivers-expiring">{t('waivers.view.expiring')}</Label>
        </div>
        <a
          className="ml-auto inline-flex items-center gap-1.5 pb-2 text-sm font-medium text-primary hover:underline"
          href={waiversExportUrl(projectId, query)}
          download
        >
          <Download className="size-4" aria-hidden="true" />
          {t('waivers.view.export')}
        </a>
      </div>
      {canDecide === undefined && (
        <div className="flex items-center gap-2">
          <Switch
            id="waivers-self-approval"
            checked={selfApproval}
            disabled={settings.isPending || list.isPending}
            onCheckedChange={(on) => settings.mutate(on)}
          />
          <Label htmlFor="waivers-self-approval">{t('waivers.selfApproval')}</Label>
        </div>
      )}
      {list.isError && (
        <Alert variant="destructive">
          {t('waivers.view.loadFailed', { reason: errorMessage(list.error) })}
        </Alert>
      )}
      {list.isPending && <Skeleton className="h-24 w-full" />}
      {list.data && list.data.waivers.length === 0 && (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('waivers.view.empty')}</p>
      )}
      {list.data && list.data.waivers.length > 0 && (
        <Table aria-label={t('waivers.view.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('waivers.col.state')}</TableHead>
              <TableHead>{t('waivers.col.what')}</TableHead>
              <TableHead>{t('waivers.col.reason')}</TableHead>
              <TableHead>{t('waivers.col.requested')}</TableHead>
              <TableHead>{t('waivers.col.expires')}</TableHead>
              <TableHead className="text-right">{t('waivers.col.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.waivers.map((w) => (
              <WaiverRow
                key={w.id}
                projectId={projectId}
                waiver={w}
                canDecide={canDecide}
                ownBlocked={
                  !selfApproval && user !== null && w.requested_by.id === user.id
                    ? t('waivers.ownRequest')
                    : undefined
                }
              />
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function Filter({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <div className="grid min-w-44 gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      {children}
    </div>
  );
}
