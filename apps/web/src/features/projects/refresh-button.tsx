import { type Project, refreshCooldownMessage } from '@plumbline/contracts';
import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { pluralize } from '@/lib/format';
import { useRefreshProject } from './maintenance-queries';
import { useRefreshCooldown } from './use-refresh-cooldown';

/**
 * Smart refresh of one project (spec 2 §4): refused with a toast while the 24-hour cooldown runs,
 * busy while the request runs; success restarts the cooldown and refetches the project.
 */
export function RefreshButton({ project, blockedReason }: { project: Project; blockedReason?: string }) {
  const refresh = useRefreshProject();
  const [refreshedAt, setRefreshedAt] = useState<string | null>(null);
  const hoursLeft = useRefreshCooldown(project.lastProcessedAt, refreshedAt);
  const busy = refresh.isPending && refresh.variables === project.id;

  async function run() {
    if (hoursLeft > 0) {
      toast.error('Refresh Not Available', { description: refreshCooldownMessage(hoursLeft) });
      return;
    }
    try {
      const answer = await refresh.mutateAsync(project.id);
      if (answer.queued === 0) {
        toast.info('No Files to Process', { description: 'Upload a model to this project first.' });
        return;
      }
      setRefreshedAt(answer.last_processed_at);
      toast.success('Project Refresh Initiated', {
        description: `${pluralize(answer.queued, 'file')} queued for processing.`,
      });
    } catch (error) {
      if (isApiRequestError(error) && error.status === 429) {
        const hours = Number(error.fields.hours);
        if (Number.isFinite(hours) && hours > 0) {
          setRefreshedAt(new Date(Date.now() - (24 - hours) * 3_600_000).toISOString());
        }
        toast.error('Refresh Not Available', { description: error.message });
        return;
      }
      toast.error('Smart Refresh Error', {
        description:
          isApiRequestError(error) && error.status === 403
            ? errorMessage(error)
            : 'Failed to refresh project.',
      });
    }
  }

  const label =
    blockedReason ??
    (hoursLeft > 0 ? `Refresh available in ${pluralize(hoursLeft, 'hour')}` : 'Refresh project');
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={run}
      disabled={blockedReason !== undefined || busy}
      aria-label={`Refresh ${project.name}`}
      aria-busy={busy}
      title={label}
      data-cooldown-hours={hoursLeft}
    >
      {busy ? (
        <Loader2 className="animate-spin" />
      ) : (
        <RefreshCw className={hoursLeft > 0 ? 'opacity-50' : undefined} />
      )}
    </Button>
  );
}
