import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectLimits } from '@/lib/billing';
import { formatBytes } from '@/lib/format';
import { useT } from '@/lib/i18n';

const GB = 1_073_741_824;

/** Project limits status (spec 3 §2.9, §3 Limits and violations): usage against the plan, warnings from 80 %. */
export function LimitsDialog({
  projectId,
  projectName,
  onOpenChange,
}: {
  projectId: string | null;
  projectName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('subscriptions');
  const limits = useProjectLimits(projectId);
  if (!projectId) return null;
  const data = limits.data;
  const rows = data
    ? ([
        [
          'files',
          t('subscriptions.limits.files'),
          t('subscriptions.limits.of', { used: String(data.usage.files), max: String(data.limits.maxFiles) }),
        ],
        [
          'storage',
          t('subscriptions.limits.storage'),
          t('subscriptions.limits.storageOf', {
            used: formatBytes(data.usage.storageBytes),
            max: data.limits.maxStorageGB,
            maxBytes: formatBytes(data.limits.maxStorageGB * GB),
          }),
        ],
        [
          'users',
          t('subscriptions.limits.members'),
          t('subscriptions.limits.of', { used: String(data.usage.users), max: String(data.limits.maxUsers) }),
        ],
      ] as const)
    : [];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('subscriptions.limits.title')}</DialogTitle>
          <DialogDescription>
            {projectName} · {data?.plan ?? '…'}
          </DialogDescription>
        </DialogHeader>
        {!data ? (
          <Skeleton className="h-24" />
        ) : (
          <ul className="grid gap-2 text-sm">
            {rows.map(([type, label, text]) => {
              const violation = data.violations.find((v) => v.type === type);
              return (
                <li key={type} className="flex items-center justify-between gap-2">
                  <span>{label}</span>
                  <span className="flex items-center gap-2">
                    {text}
                    {violation && (
                      <Badge variant={violation.severity === 'error' ? 'destructive' : 'warning'}>
                        {t('subscriptions.limits.over', {
                          over: violation.severity === 'error' ? 'yes' : 'no',
                        })}
                      </Badge>
                    )}
                  </span>
                </li>
              );
            })}
            <li className="flex justify-between">
              <span>{t('subscriptions.limits.refresh')}</span>
              <span>
                {t('subscriptions.limits.refreshValue', {
                  frequency: data.limits.refreshFrequency,
                  allowed: data.limits.allowRefresh ? 'yes' : 'no',
                })}
              </span>
            </li>
            <li className="flex justify-between">
              <span>{t('subscriptions.limits.reports')}</span>
              <span>{data.limits.maxReportsPerMonth}</span>
            </li>
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
