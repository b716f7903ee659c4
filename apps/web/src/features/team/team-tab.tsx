import type { Invitation, Member, Project } from '@plumbline/contracts';
import { AlertCircle, FolderPlus, UserPlus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api';
import { requestDashboardTab } from '@/lib/dashboard-tabs';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';
import { PlanLimitCounter } from '../projects/plan-limit-counter';
import { ProjectNotFound } from '../projects/project-not-found';
import { activeProjects, projectDisplayName } from '../projects/project-search';
import { ProjectSelector } from '../projects/project-selector';
import { useProjects } from '../projects/queries';
import { useSelectedProject } from '../projects/use-selected-project';
import { AddMemberDialog } from './add-member-dialog';
import { ChangeMailSelect } from './change-mail-select';
import { EditRoleDialog } from './edit-role-dialog';
import { teamLoadErrorMessage } from './load-error';
import { computeMemberStats } from './member-list';
import { demoBlockedReason, manageMembersBlockedReason } from './member-permissions';
import { MembersCard } from './members-card';
import { useProjectInvitations, useProjectMembers, useRevokeInvitation } from './queries';
import { RemoveMemberDialog } from './remove-member-dialog';
import { TeamStatsCards } from './team-stats-cards';
import { TransferOwnerDialog } from './transfer-owner-dialog';
import { WebhooksCard } from './webhooks-card';

/**
 * The Team Members tab (spec 2 §2.8): who works on the selected project, and with which role.
 * `projectExtras` adds cards for the selected project below the members (its API tokens and audit
 * trail: app/screens/team-screen.tsx).
 */
export function TeamTab({ projectExtras }: { projectExtras?: (project: Project) => ReactNode } = {}) {
  const t = useT('team');
  const { readOnly } = useDataSource();
  const projects = useProjects();
  const active = useMemo(() => activeProjects(projects.data ?? []), [projects.data]);
  const [selected, selectProject, stale] = useSelectedProject(active, projects.isSuccess);
  const members = useProjectMembers(selected?.id);
  const invitations = useProjectInvitations(selected?.id);
  const revoke = useRevokeInvitation(selected?.id);
  const me = useCurrentUser();
  const callerIsOwner = Boolean(me && members.data?.some((m) => m.userId === me.id && m.isOwner));
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [transferring, setTransferring] = useState<Member | null>(null);

  const onRevoke = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(t('team.invitation.revoked'), { description: invitation.email }),
      onError: (error) =>
        toast.error(t('team.invitation.revokeFailed'), { description: errorMessage(error) }),
    });

  const blockedReason = manageMembersBlockedReason(selected?.role, readOnly);
  const projectName = selected ? projectDisplayName(selected) : '';
  const stats = members.data ? computeMemberStats(members.data) : null;

  // In the demo the button answers with the spec's refusal; elsewhere non-Admins see it disabled with a hint.
  const onAddClick = () =>
    readOnly ? toast.error(t('team.accessDenied'), { description: demoBlockedReason() }) : setAdding(true);
  const addDisabledReason = readOnly ? undefined : !selected ? t('team.tab.selectFirst') : blockedReason;
  const addButton = (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="inline-flex" tabIndex={addDisabledReason ? 0 : undefined}>
          <Button onClick={onAddClick} disabled={addDisabledReason !== undefined} title={addDisabledReason}>
            <UserPlus /> {t('team.tab.addMember')}
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{addDisabledReason ?? t('team.tab.addHint')}</TooltipContent>
    </Tooltip>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('team.tab.title')}
        description={t('team.tab.description')}
        actions={
          <>
            {active.length > 0 && (
              <ProjectSelector projects={active} value={selected?.id} onChange={selectProject} />
            )}
            <div className="grid justify-items-end gap-1">
              {addButton}
              {selected ? <PlanLimitCounter projectId={selected.id} type="users" /> : null}
            </div>
          </>
        }
      />
      <TeamStatsCards
        stats={stats}
        loading={projects.isPending || (selected !== undefined && members.isPending)}
        projectName={selected ? projectName : undefined}
      />
      {projects.isError ? (
        <Card>
          <EmptyState
            icon={AlertCircle}
            title={t('team.tab.loadError')}
            description={teamLoadErrorMessage(projects.error)}
            action={
              <Button variant="outline" onClick={() => projects.refetch()}>
                {t('team.retry')}
              </Button>
            }
          />
        </Card>
      ) : stale ? (
        <ProjectNotFound first={active[0]} />
      ) : !projects.isPending && !selected ? (
        <Card>
          <EmptyState
            icon={FolderPlus}
            title={t('team.tab.noProjects')}
            description={readOnly ? t('team.tab.noDemoProjects') : t('team.tab.noProjectsHint')}
            action={
              readOnly ? undefined : (
                <Button variant="outline" onClick={() => requestDashboardTab('projects')}>
                  {t('team.tab.goToProjects')}
                </Button>
              )
            }
          />
        </Card>
      ) : selected ? (
        <MembersCard
          projectName={projectName}
          members={members}
          invitations={invitations.data ?? []}
          query={query}
          onQueryChange={setQuery}
          onEdit={setEditing}
          onRemove={setRemoving}
          onTransfer={setTransferring}
          onRevoke={onRevoke}
          blockedReason={blockedReason}
          callerIsOwner={callerIsOwner}
        />
      ) : null}
      {selected && !readOnly ? <ChangeMailSelect projectId={selected.id} enabled={!selected.isDemo} /> : null}
      {selected && !readOnly && selected.role === 'Admin' && !selected.isDemo ? (
        <WebhooksCard projectId={selected.id} />
      ) : null}
      {selected && !stale ? projectExtras?.(selected) : null}
      <AddMemberDialog project={selected} open={adding} onOpenChange={setAdding} />
      <EditRoleDialog
        projectId={selected?.id}
        member={editing}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <RemoveMemberDialog
        projectId={selected?.id}
        projectName={projectName}
        member={removing}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
      <TransferOwnerDialog
        projectId={selected?.id}
        projectName={projectName}
        member={transferring}
        onOpenChange={(open) => !open && setTransferring(null)}
      />
    </div>
  );
}
