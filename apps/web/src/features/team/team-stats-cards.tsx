import { Eye, PencilLine, ShieldCheck, Users } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatNumber } from '@/lib/format';
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
  const value = (count: number | undefined) => (count === undefined ? '—' : formatNumber(count));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Total Members"
        icon={Users}
        loading={loading}
        value={value(stats?.total)}
        hint={projectName ? `In ${projectName}` : 'No project selected'}
      />
      <StatCard
        label="Admins"
        icon={ShieldCheck}
        loading={loading}
        value={value(stats?.admins)}
        hint="Manage the project and team"
      />
      <StatCard
        label="Editors"
        icon={PencilLine}
        loading={loading}
        value={value(stats?.editors)}
        hint="Edit project data"
      />
      <StatCard label="Viewers" icon={Eye} loading={loading} value={value(stats?.viewers)} hint="View only" />
    </div>
  );
}
