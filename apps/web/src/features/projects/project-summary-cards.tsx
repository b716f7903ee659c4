import type { Project } from '@plumbline/contracts';
import { Boxes, FileBox, FolderKanban, Users } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatBytes, formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { computePortfolioStats } from './project-stats';
import { useAllMemberships } from './queries';

/** Total Projects / Total BIM Files / Total Elements / Unique Team Members, from the listed projects. */
export function ProjectSummaryCards({
  projects,
  loading,
}: {
  projects: readonly Project[];
  loading: boolean;
}) {
  const t = useT('projects');
  const members = useAllMemberships();
  const stats = computePortfolioStats(projects, members.data ?? null);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label={t('projects.summary.projects')}
        icon={FolderKanban}
        loading={loading}
        value={formatNumber(stats.totalProjects)}
      />
      <StatCard
        label={t('projects.summary.files')}
        icon={FileBox}
        loading={loading}
        value={formatNumber(stats.totalFiles)}
        hint={t('projects.summary.stored', { size: formatBytes(stats.totalSizeBytes) })}
      />
      <StatCard
        label={t('projects.summary.elements')}
        icon={Boxes}
        loading={loading}
        value={formatNumber(stats.totalElements)}
      />
      <StatCard
        label={t('projects.summary.members')}
        icon={Users}
        loading={loading || (projects.length > 0 && members.isPending)}
        value={stats.uniqueTeamMembers === null ? '—' : formatNumber(stats.uniqueTeamMembers)}
        hint={
          members.isError
            ? t('projects.summary.membersFailed')
            : t('projects.summary.across', { count: stats.totalProjects })
        }
      />
    </div>
  );
}
