import type { Project } from '@plumbline/contracts';
import { Boxes, FileBox, FolderKanban, Lightbulb, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { computePortfolioStats } from '../projects/project-stats';
import { useAllMemberships } from '../projects/queries';

/** Projects exist but none is chosen (spec 2 §2.1): Portfolio Overview and a Quick Start hint. */
export function InspectorPortfolio({ projects }: { projects: readonly Project[] }) {
  const t = useT('inspector');
  const members = useAllMemberships();
  const stats = computePortfolioStats(projects, members.data ?? null);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t('inspector.portfolio.title')}</h2>
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard
          label={t('inspector.portfolio.projects')}
          icon={FolderKanban}
          value={formatNumber(stats.totalProjects)}
        />
        <StatCard
          label={t('inspector.portfolio.files')}
          icon={FileBox}
          value={formatNumber(stats.totalFiles)}
        />
        <StatCard
          label={t('inspector.portfolio.elements')}
          icon={Boxes}
          value={formatNumber(stats.totalElements)}
        />
        <StatCard
          label={t('inspector.portfolio.members')}
          icon={Users}
          value={stats.uniqueTeamMembers === null ? '—' : formatNumber(stats.uniqueTeamMembers)}
        />
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center gap-2">
          <Lightbulb className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle>{t('inspector.portfolio.quickStart')}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {t('inspector.portfolio.quickStartText')}
        </CardContent>
      </Card>
    </div>
  );
}
