import type { Project } from '@plumbline/contracts';
import { Boxes, FileBox, FolderKanban, Users } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatBytes, formatNumber, pluralize } from '@/lib/format';
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
  const members = useAllMemberships();
  const stats = computePortfolioStats(projects, members.data ?? null);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Total Projects"
        icon={FolderKanban}
        loading={loading}
        value={formatNumber(stats.totalProjects)}
      />
      <StatCard
        label="Total BIM Files"
        icon={FileBox}
        loading={loading}
        value={formatNumber(stats.totalFiles)}
        hint={`${formatBytes(stats.totalSizeBytes)} stored`}
      />
      <StatCard
        label="Total Elements"
        icon={Boxes}
        loading={loading}
        value={formatNumber(stats.totalElements)}
      />
      <StatCard
        label="Unique Team Members"
        icon={Users}
        loading={loading || (projects.length > 0 && members.isPending)}
        value={stats.uniqueTeamMembers === null ? '—' : formatNumber(stats.uniqueTeamMembers)}
        hint={
          members.isError
            ? 'Member lists could not be loaded'
            : `Across ${pluralize(stats.totalProjects, 'project')}`
        }
      />
    </div>
  );
}
