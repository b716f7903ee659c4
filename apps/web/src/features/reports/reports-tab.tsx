import type { Report, ReportType } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, Clock, FileText, FolderPlus, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/save-file';
import { actionBlockedReason, demoBlockedReason } from '../projects/permissions';
import { ProjectNotFound } from '../projects/project-not-found';
import { activeProjects } from '../projects/project-search';
import { ProjectSelector } from '../projects/project-selector';
import { useProjects } from '../projects/queries';
import { useSelectedProject } from '../projects/use-selected-project';
import { useReportsSource } from './data-source';
import { GenerateReportDialog, type GenerateRequest } from './generate-report-dialog';
import { fetchReportFile, useReports, useReportUsage } from './queries';
import { downloadErrorTitle, generationErrorMessage, reportFailureText } from './report-messages';
import { ReportsTable } from './reports-table';
import { useReportGeneration } from './use-report-generation';

/** The report types offered; `reports.type.name` and `reports.type.text` name and explain each. */
const TYPES: Array<{ type: ReportType; icon: typeof BarChart3 }> = [
  { type: 'comprehensive', icon: BarChart3 },
  { type: 'ai_insights', icon: Sparkles },
];

/** The Reports tab (spec 2 §2.7): generate, follow, download and delete a project's reports. */
export function ReportsTab() {
  const t = useT('reports', 'errors'); // errors: a failed report's reason (reportFailureText)
  const { mode, readOnly } = useDataSource();
  const source = useReportsSource();
  const projects = useProjects();
  const active = useMemo(() => activeProjects(projects.data ?? []), [projects.data]);
  const [selected, selectProject, stale] = useSelectedProject(active, projects.isSuccess);
  const reports = useReports(selected?.id);
  const usage = useReportUsage(selected?.id);
  const track = useReportGeneration();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ReportType | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const [downloadedAt, setDownloadedAt] = useState<Record<string, number>>({});
  // From the permission table the server also uses (issue 17); the demo answers with its own refusal.
  const generateBlockedReason = readOnly
    ? undefined
    : actionBlockedReason(selected?.role, 'reports.generate', false);
  const deleteBlockedReason = actionBlockedReason(selected?.role, 'reports.delete', readOnly);

  const list = reports.data ?? [];
  const last = list[0];

  const choose = (type: ReportType) => {
    if (readOnly) {
      toast.error(t('reports.accessDenied'), { description: demoBlockedReason() });
      return;
    }
    if (usage.data && !usage.data.can_generate) {
      toast.error(t('reports.generation.failed'), {
        description: t('reports.generation.limit', { limit: usage.data.monthly_limit }),
      });
      return;
    }
    setAsking(type);
  };

  const generate = async (request: GenerateRequest): Promise<boolean> => {
    if (!selected) return false;
    try {
      const { report } = await source.generateReport(selected.id, request);
      toast.success(t('reports.generation.started'), {
        description: t('reports.generation.startedDescription', { name: report.name }),
      });
      track(report);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports(mode, selected.id) });
      return true;
    } catch (error) {
      toast.error(t('reports.generation.failed'), { description: generationErrorMessage(error) });
      return false;
    }
  };

  const download = async (report: Report) => {
    if (report.status === 'pending' || report.status === 'processing') {
      toast.error(t('reports.download.inProgress'), {
        description: t('reports.download.inProgressDescription'),
      });
      return;
    }
    if (report.status === 'failed') {
      toast.error(t('reports.download.reportFailed'), {
        description: reportFailureText(report) ?? t('reports.generation.failedDefault'),
      });
      return;
    }
    if (!report.download_available) {
      toast.error(t('reports.download.unavailable'), {
        description: t('reports.download.unavailableDescription'),
      });
      return;
    }
    setDownloadedAt((previous) => ({ ...previous, [report.id]: Date.now() }));
    try {
      const blob = await fetchReportFile(report);
      saveBlob(blob, `${report.name.replace(/[\\/:*?"<>|]+/g, '_')}.${report.format}`);
    } catch (error) {
      toast.error(downloadErrorTitle(error), { description: errorMessage(error) });
    }
  };

  const remove = async () => {
    if (!deleting || !selected) return;
    try {
      await source.deleteReport(selected.id, deleting.id);
      toast.success(t('reports.delete.done'), {
        description: t('reports.delete.doneDescription', { name: deleting.name }),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports(mode, selected.id) });
    } catch (error) {
      toast.error(t('reports.delete.failed'), { description: errorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('reports.tab.title')}
        description={t('reports.tab.description')}
        actions={
          active.length > 0 ? (
            <ProjectSelector projects={active} value={selected?.id} onChange={selectProject} />
          ) : undefined
        }
      />
      {stale ? (
        <ProjectNotFound first={active[0]} />
      ) : !projects.isPending && !selected ? (
        <Card>
          <EmptyState
            icon={FolderPlus}
            title={t('reports.noProjects.title')}
            description={t('reports.noProjects.description')}
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard
              label={t('reports.stats.total')}
              icon={FileText}
              value={list.length}
              loading={reports.isPending}
              hint={
                usage.data
                  ? t('reports.stats.left', {
                      remaining: usage.data.remaining_count,
                      limit: usage.data.monthly_limit,
                    })
                  : undefined
              }
            />
            <StatCard
              label={t('reports.stats.last')}
              icon={Clock}
              value={last ? formatDate(last.created_at) : t('reports.stats.never')}
              loading={reports.isPending}
              hint={last?.name}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('reports.generate.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              {TYPES.map(({ type, icon: Icon }) => (
                <button
                  key={type}
                  type="button"
                  onClick={() => choose(type)}
                  disabled={generateBlockedReason !== undefined}
                  title={generateBlockedReason}
                  className="flex gap-3 rounded-lg border border-border p-4 text-left transition-colors hover:bg-muted/50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="grid gap-1">
                    <span className="font-medium">{t('reports.type.name', { type })}</span>
                    <span className="text-sm text-muted-foreground">{t('reports.type.text', { type })}</span>
                  </span>
                </button>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('reports.list.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              {reports.isPending ? (
                <Skeleton className="h-24 w-full" />
              ) : reports.isError ? (
                <p className="text-sm text-destructive">
                  {t('reports.list.loadFailed', { error: errorMessage(reports.error) })}
                </p>
              ) : list.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">{t('reports.list.empty')}</p>
              ) : (
                <ReportsTable
                  reports={list}
                  downloadedAt={downloadedAt}
                  deleteBlockedReason={deleteBlockedReason}
                  onDownload={download}
                  onDelete={setDeleting}
                />
              )}
            </CardContent>
          </Card>
        </>
      )}
      {selected && (
        <GenerateReportDialog
          project={selected}
          type={asking}
          onClose={() => setAsking(null)}
          onGenerate={generate}
        />
      )}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('reports.delete.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('reports.delete.description', { name: deleting?.name ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('reports.delete.cancel')}</AlertDialogCancel>
            <Button variant="destructive" onClick={remove}>
              {t('reports.delete.submit')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
