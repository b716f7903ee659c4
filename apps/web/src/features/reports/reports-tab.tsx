import { REPORT_TYPE_LABEL, type Report, type ReportType } from '@plumbline/contracts';
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
import { downloadErrorTitle, generationErrorMessage } from './report-messages';
import { ReportsTable } from './reports-table';
import { useReportGeneration } from './use-report-generation';

const TYPES: Array<{ type: ReportType; icon: typeof BarChart3; text: string }> = [
  {
    type: 'comprehensive',
    icon: BarChart3,
    text: 'Compliance per specification, failures with the elements concerned, trends, attributes worth adding and evidence. PDF or Excel.',
  },
  {
    type: 'ai_insights',
    icon: Sparkles,
    text: "Eight questions answered by the assistant from the project's data, with a prioritised fix list. PDF.",
  },
];

/** The Reports tab (spec 2 §2.7): generate, follow, download and delete a project's reports. */
export function ReportsTab() {
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
      toast.error('Access Denied', { description: demoBlockedReason() });
      return;
    }
    if (usage.data && !usage.data.can_generate) {
      toast.error('Report generation failed', {
        description: `Monthly limit reached (${usage.data.monthly_limit} reports)`,
      });
      return;
    }
    setAsking(type);
  };

  const generate = async (request: GenerateRequest): Promise<boolean> => {
    if (!selected) return false;
    try {
      const { report } = await source.generateReport(selected.id, request);
      toast.success('Report generation started', {
        description: `${report.name} is being generated. You can keep working; it appears below when ready.`,
      });
      track(report);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports(mode, selected.id) });
      return true;
    } catch (error) {
      toast.error('Report generation failed', { description: generationErrorMessage(error) });
      return false;
    }
  };

  const download = async (report: Report) => {
    if (report.status === 'pending' || report.status === 'processing') {
      toast.error('Report In Progress', { description: 'The report is still being generated.' });
      return;
    }
    if (report.status === 'failed') {
      toast.error('Report Failed', {
        description: report.error_message ?? 'This report could not be generated.',
      });
      return;
    }
    if (!report.download_available) {
      toast.error('Download Unavailable', { description: 'This report has no file to download.' });
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
      toast.success('Report deleted', { description: `${deleting.name} was deleted.` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports(mode, selected.id) });
    } catch (error) {
      toast.error('Delete failed', { description: errorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        description="Compliance reports to send to the design team and the client."
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
            title="No projects yet"
            description="Reports belong to projects. Create a project and upload its models first."
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard
              label="Total Reports"
              icon={FileText}
              value={list.length}
              loading={reports.isPending}
              hint={
                usage.data
                  ? `${usage.data.remaining_count} of ${usage.data.monthly_limit} left this month`
                  : undefined
              }
            />
            <StatCard
              label="Last Generated"
              icon={Clock}
              value={
                last
                  ? new Date(last.created_at).toLocaleDateString('en-GB', {
                      day: 'numeric',
                      month: 'short',
                      year: 'numeric',
                    })
                  : 'Never'
              }
              loading={reports.isPending}
              hint={last?.name}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Generate Reports</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              {TYPES.map(({ type, icon: Icon, text }) => (
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
                    <span className="font-medium">{REPORT_TYPE_LABEL[type]}</span>
                    <span className="text-sm text-muted-foreground">{text}</span>
                  </span>
                </button>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Generated Reports</CardTitle>
            </CardHeader>
            <CardContent>
              {reports.isPending ? (
                <Skeleton className="h-24 w-full" />
              ) : reports.isError ? (
                <p className="text-sm text-destructive">
                  Failed to load reports: {errorMessage(reports.error)}
                </p>
              ) : list.length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  No reports yet. Generate one above.
                </p>
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
            <AlertDialogTitle>Delete report?</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting?.name} and its file will be deleted. It still counts towards this month's report
              limit.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button variant="destructive" onClick={remove}>
              Delete
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
