import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectLimits } from '@/lib/billing';
import { formatBytes } from '@/lib/format';

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
  const limits = useProjectLimits(projectId);
  if (!projectId) return null;
  const data = limits.data;
  const rows = data
    ? ([
        ['files', 'Files', `${data.usage.files} of ${data.limits.maxFiles}`],
        [
          'storage',
          'Storage',
          `${formatBytes(data.usage.storageBytes)} of ${data.limits.maxStorageGB} GB (${formatBytes(data.limits.maxStorageGB * GB)})`,
        ],
        ['users', 'Team members', `${data.usage.users} of ${data.limits.maxUsers}`],
      ] as const)
    : [];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Project limits</DialogTitle>
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
                        {violation.severity === 'error' ? 'Over limit' : 'Near limit'}
                      </Badge>
                    )}
                  </span>
                </li>
              );
            })}
            <li className="flex justify-between">
              <span>Refresh</span>
              <span>
                {data.limits.refreshFrequency} · {data.limits.allowRefresh ? 'allowed' : 'not allowed now'}
              </span>
            </li>
            <li className="flex justify-between">
              <span>Reports a month</span>
              <span>{data.limits.maxReportsPerMonth}</span>
            </li>
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
