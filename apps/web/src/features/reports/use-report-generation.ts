import { REPORT_POLL_MS, REPORT_TIMEOUT_MS, type Report } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useDataSource } from '@/lib/data-source';
import { t } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { reportStatus } from './queries';
import { reportFailureText } from './report-messages';

/**
 * Spec 2 §4 Report generation: each report asked for is polled every 6 s while pending or processing;
 * completed shows success and refreshes the list and the usage, failed shows why (its failure code, rendered), any
 * other status is ignored with a warning, and after 5 minutes the wait stops with a timeout message.
 * Held by the Reports tab, so switching project does not stop it (the server generates regardless); its
 * toasts are in the page's language (the tab loads the `reports` catalogue).
 */
export function useReportGeneration() {
  const queryClient = useQueryClient();
  const { mode } = useDataSource();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);

  return useCallback(
    (report: Report) => {
      const started = Date.now();
      const refresh = () =>
        queryClient.invalidateQueries({ queryKey: queryKeys.reports(mode, report.project_id) });
      const poll = async () => {
        timers.current.delete(report.id);
        if (Date.now() - started > REPORT_TIMEOUT_MS) {
          toast.error(t('reports.generation.timedOut'), {
            description: t('reports.generation.timedOutDescription', { name: report.name }),
          });
          return;
        }
        let current: Report;
        try {
          current = await reportStatus(report.id);
        } catch {
          timers.current.set(report.id, setTimeout(poll, REPORT_POLL_MS));
          return;
        }
        if (current.status === 'completed') {
          toast.success(t('reports.generation.done'), {
            description: t('reports.generation.doneDescription', { name: current.name }),
          });
          void refresh();
        } else if (current.status === 'failed') {
          toast.error(t('reports.generation.failed'), {
            description: reportFailureText(current) ?? t('reports.generation.failedDefault'),
          });
          void refresh();
        } else {
          if (current.status !== 'pending' && current.status !== 'processing')
            console.warn(`Unknown report status ${String(current.status)}`);
          timers.current.set(report.id, setTimeout(poll, REPORT_POLL_MS));
        }
      };
      timers.current.set(report.id, setTimeout(poll, REPORT_POLL_MS));
    },
    [queryClient, mode],
  );
}
