import type { Project } from '@plumbline/contracts';
import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { isAuthError, reauthoriseProject } from '@/lib/acc';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useT } from '@/lib/i18n';
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
  const t = useT('projects');
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
        toast.warning(t('projects.refresh.authIssue'), { description: t('projects.refresh.restoring') });
        try {
          await source.refreshAccTokens(project.id);
        } catch {
          toast.error(t('projects.refresh.redirecting'), { description: t('projects.refresh.notRestored') });
          setTimeout(() => reauthoriseProject(project.id), REDIRECT_DELAY_MS);
          return;
        }
        toast.success(t('projects.refresh.fixed'), { description: t('projects.refresh.retrying') });
        answer = await refresh.mutateAsync(project.id);
      }
      if (answer.queued === 0) {
        toast.info(t('projects.refresh.noFiles'), { description: t('projects.refresh.noFilesHint') });
        return;
      }
      setRefreshedAt(answer.last_processed_at);
      toast.success(t('projects.refresh.started'), {
        description: t('projects.refresh.queued', { count: answer.queued }),
      });
    } catch (error) {
      if (isApiRequestError(error) && error.status === 429) {
        const hours = Number(error.fields.hours);
        if (Number.isFinite(hours) && hours > 0) {
          setRefreshedAt(new Date(Date.now() - (24 - hours) * 3_600_000).toISOString());
        }
        toast.error(t('projects.refresh.notAvailable'), { description: errorMessage(error) });
        return;
      }
      if (isApiRequestError(error) && error.code === 'refresh_not_allowed') {
        toast.error(t('projects.refresh.notAvailable'), { description: errorMessage(error) });
        return;
      }
      toast.error(t('projects.refresh.error'), {
        description:
          isApiRequestError(error) && error.status === 403 && !isAuthError(error)
            ? errorMessage(error)
            : t('projects.refresh.failed', { auth: isAuthError(error) ? 'yes' : 'no' }),
      });
    }
  }

  const label =
    blockedReason ??
    (hoursLeft > 0 ? t('projects.refresh.availableIn', { hours: hoursLeft }) : t('projects.actions.refresh'));
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={run}
      disabled={blockedReason !== undefined || busy}
      aria-label={t('projects.refresh.label', { name: project.name })}
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
