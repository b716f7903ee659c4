import { type Project, REFRESH_MESSAGES } from '@plumbline/contracts';
import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { isAuthError, reauthoriseProject } from '@/lib/acc';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { pluralize } from '@/lib/format';
import { useProjectsSource } from './data-source';
import { useRefreshProject } from './maintenance-queries';
import { useRefreshCooldown } from './use-refresh-cooldown';

/** Long enough to read the 'Redirecting to Autodesk' toast before the page leaves. */
const REDIRECT_DELAY_MS = 1500;

/**
 * Smart refresh of one project (spec 2 §4): busy while the request runs; success restarts the cooldown
 * and refetches the project. The server decides whether it may run: a refusal names its reason (the
 * plan: unpaid, cancelling, over a limit; else the 24-hour cooldown), so the button always asks it
 * rather than guessing the cooldown from the clock.
 */
export function RefreshButton({ project, blockedReason }: { project: Project; blockedReason?: string }) {
  const refresh = useRefreshProject();
  const { source } = useProjectsSource();
  const [refreshedAt, setRefreshedAt] = useState<string | null>(null);
  const hoursLeft = useRefreshCooldown(project.lastProcessedAt, refreshedAt);
  const busy = refresh.isPending && refresh.variables === project.id;

  async function run() {
    try {
      let answer: Awaited<ReturnType<typeof refresh.mutateAsync>>;
      try {
        answer = await refresh.mutateAsync(project.id);
      } catch (error) {
        if (!isAuthError(error)) throw error;
        // Spec 2 §4: the first authentication error tries a token refresh, then the refresh once more.
        toast.warning('Authentication Issue Detected', {
          description: 'Restoring the connection to Autodesk Construction Cloud...',
        });
        try {
          await source.refreshAccTokens(project.id);
        } catch {
          toast.error('Redirecting to Autodesk', { description: REFRESH_MESSAGES.notRestored });
          setTimeout(() => reauthoriseProject(project.id), REDIRECT_DELAY_MS);
          return;
        }
        toast.success('Connection Fixed', { description: 'Retrying the refresh.' });
        answer = await refresh.mutateAsync(project.id);
      }
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
        toast.error('Refresh Not Available', { description: errorMessage(error) });
        return;
      }
      if (isApiRequestError(error) && error.code === 'refresh_not_allowed') {
        toast.error('Refresh Not Available', { description: errorMessage(error) });
        return;
      }
      toast.error('Smart Refresh Error', {
        description: isAuthError(error)
          ? REFRESH_MESSAGES.failed + REFRESH_MESSAGES.authSuffix
          : isApiRequestError(error) && error.status === 403
            ? errorMessage(error)
            : REFRESH_MESSAGES.failed,
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
