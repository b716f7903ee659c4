import type { Project } from '@plumbline/contracts';
import { Boxes, FileBox, FolderKanban, FolderPlus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { StatCard } from '@/components/ui/stat-card';
import { useDataSource } from '@/lib/data-source';
import { formatNumber } from '@/lib/format';
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
  const { readOnly } = useDataSource();
  const members = useAllMemberships();
  const stats = computePortfolioStats(projects, members.data ?? null);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Total Projects" icon={FolderKanban} value={formatNumber(stats.totalProjects)} />
        <StatCard label="Total Files" icon={FileBox} value={formatNumber(stats.totalFiles)} />
        <StatCard label="Total Elements" icon={Boxes} value={formatNumber(stats.totalElements)} />
        <StatCard
          label="Team Members"
          icon={Users}
          value={stats.uniqueTeamMembers === null ? '—' : formatNumber(stats.uniqueTeamMembers)}
        />
      </div>
      <Card>
        <EmptyState
          icon={FolderPlus}
          title={readOnly ? 'No demo projects yet' : 'Create your first project'}
          description={
            readOnly
              ? 'Sample projects will appear here once the demo data set is loaded.'
              : 'Projects hold your IFC models and the IDS rules they are checked against. Create one to get started.'
          }
          action={readOnly ? undefined : <Button onClick={onCreate}>New Project</Button>}
        />
      </Card>
    </div>
  );
}
