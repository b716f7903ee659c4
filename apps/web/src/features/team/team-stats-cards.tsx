import { Eye, PencilLine, ShieldCheck, Users } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import type { MemberStats } from './member-list';

/** Total Members / Admins / Editors / Viewers of the selected project. */
export function TeamStatsCards({
  stats,
  loading,
  projectName,
}: {
  stats: MemberStats | null;
  loading: boolean;
  projectName: string | undefined;
}) {
  const t = useT('team');
  const value = (count: number | undefined) => (count === undefined ? '—' : formatNumber(count));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label={t('team.stats.total')}
        icon={Users}
        loading={loading}
        value={value(stats?.total)}
        hint={projectName ? t('team.stats.in', { project: projectName }) : t('team.stats.noProject')}
      />
      <StatCard
        label={t('team.stats.admins')}
        icon={ShieldCheck}
        loading={loading}
        value={value(stats?.admins)}
        hint={t('team.stats.adminsHint')}
      />
      <StatCard
        label={t('team.stats.editors')}
        icon={PencilLine}
        loading={loading}
        value={value(stats?.editors)}
        hint={t('team.stats.editorsHint')}
      />
      <StatCard
        label={t('team.stats.viewers')}
        icon={Eye}
        loading={loading}
        value={value(stats?.viewers)}
        hint={t('team.stats.viewersHint')}
      />
    </div>
  );
}
