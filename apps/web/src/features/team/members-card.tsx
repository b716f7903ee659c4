import type { Invitation, Member } from '@plumbline/contracts';
import { AlertCircle, Info, Search, SearchX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n';
import { MEMBERS_LOAD_FAILED, teamLoadErrorMessage } from './load-error';
import { filterInvitations, filterMembers, sortMembers } from './member-list';
import { MemberTable } from './member-table';
import type { useProjectMembers } from './queries';

export interface MembersCardProps {
  projectName: string;
  members: ReturnType<typeof useProjectMembers>;
  invitations: readonly Invitation[];
  query: string;
  onQueryChange: (query: string) => void;
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
  onTransfer: (member: Member) => void;
  onRevoke: (invitation: Invitation) => void;
  callerIsOwner: boolean;
  /** Why the caller may not change members; shown as a line under the title and on the disabled buttons. */
  blockedReason: string | undefined;
}

/** The search box and members table of the selected project, with its loading, error and empty states. */
export function MembersCard(props: MembersCardProps) {
  const t = useT('team');
  const { projectName, members, invitations, query, onQueryChange, blockedReason } = props;
  const sorted = useMemo(() => sortMembers(members.data ?? []), [members.data]);
  const filtered = useMemo(() => filterMembers(sorted, query), [sorted, query]);
  const invited = useMemo(() => filterInvitations(invitations, query), [invitations, query]);

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-col gap-3 border-b border-border pb-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <CardTitle className="text-base">{t('team.members.title', { project: projectName })}</CardTitle>
          {blockedReason && (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
              <Info className="size-3.5 shrink-0" aria-hidden="true" />
              {blockedReason}
            </p>
          )}
        </div>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t('team.members.searchPlaceholder')}
            aria-label={t('team.members.searchLabel')}
            className="pl-8"
          />
        </div>
      </CardHeader>
      {members.isPending ? (
        <div className="space-y-3 p-5" role="status" aria-busy="true" aria-label={t('team.members.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : members.isError ? (
        <EmptyState
          icon={AlertCircle}
          title={t(MEMBERS_LOAD_FAILED)}
          description={teamLoadErrorMessage(members.error)}
          action={
            <Button variant="outline" onClick={() => members.refetch()}>
              {t('team.retry')}
            </Button>
          }
        />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('team.members.emptyTitle')}
          description={t('team.members.emptyDescription')}
        />
      ) : filtered.length === 0 && invited.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('team.members.noMatch', { query: query.trim() })}
          description={t('team.members.noMatchHint')}
        />
      ) : (
        <MemberTable
          members={filtered}
          invitations={invited}
          onEdit={props.onEdit}
          onRemove={props.onRemove}
          onTransfer={props.onTransfer}
          onRevoke={props.onRevoke}
          blockedReason={blockedReason}
          callerIsOwner={props.callerIsOwner}
        />
      )}
    </Card>
  );
}
