import type { Project } from '@plumbline/contracts';
import { Boxes, FileBox, FolderKanban, FolderPlus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { StatCard } from '@/components/ui/stat-card';
import { useDataSource } from '@/lib/data-source';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { computePortfolioStats } from '../projects/project-stats';
import { useAllMemberships } from '../projects/queries';

/** Shown when there is no project to select: portfolio totals and a prompt to create the first project. */
export function PortfolioOverview({
  projects,
  onCreate,
}: {
  projects: readonly Project[];
  onCreate: () => void;
}) {
  const t = useT('overview');
  const { readOnly } = useDataSource();
  const members = useAllMemberships();
  const stats = computePortfolioStats(projects, members.data ?? null);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t('overview.portfolio.totalProjects')}
          icon={FolderKanban}
          value={formatNumber(stats.totalProjects)}
        />
        <StatCard
          label={t('overview.portfolio.totalFiles')}
          icon={FileBox}
          value={formatNumber(stats.totalFiles)}
        />
        <StatCard
          label={t('overview.portfolio.totalElements')}
          icon={Boxes}
          value={formatNumber(stats.totalElements)}
        />
        <StatCard
          label={t('overview.teamMembers')}
          icon={Users}
          value={stats.uniqueTeamMembers === null ? '—' : formatNumber(stats.uniqueTeamMembers)}
        />
      </div>
      <Card>
        <EmptyState
          icon={FolderPlus}
          title={t(readOnly ? 'overview.portfolio.emptyDemoTitle' : 'overview.portfolio.emptyTitle')}
          description={t(
            readOnly ? 'overview.portfolio.emptyDemoDescription' : 'overview.portfolio.emptyDescription',
          )}
          action={
            readOnly ? undefined : <Button onClick={onCreate}>{t('overview.portfolio.newProject')}</Button>
          }
        />
      </Card>
    </div>
  );
}
