import {
  type AddMemberBody,
  type AddMemberResponse,
  acceptInvitationResponseSchema,
  addMemberResponseSchema,
  type Member,
  type MemberListResponse,
  memberListResponseSchema,
  memberResponseSchema,
  type ProjectRole,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';

/** Everything the Team Members area reads and writes, independent of where the data lives. */
export interface TeamSource {
  /** The members and the pending invitations of the project. */
  listTeam(projectId: string, signal?: AbortSignal): Promise<MemberListResponse>;
  addMember(projectId: string, body: AddMemberBody): Promise<AddMemberResponse>;
  changeRole(projectId: string, userId: string, role: ProjectRole): Promise<Member>;
  removeMember(projectId: string, userId: string): Promise<void>;
  revokeInvitation(projectId: string, invitationId: string): Promise<void>;
  transferOwnership(projectId: string, userId: string): Promise<void>;
  /** An invitation to the signed-in account: accept joins the project, decline drops it. */
  answerInvitation(invitationId: string, accept: boolean): Promise<void>;
}

/** A members list that takes longer than this is reported as a timeout rather than spinning forever. */
export const MEMBERS_LOAD_TIMEOUT_MS = 15_000;

const membersPath = (projectId: string) => apiPath('/projects/{projectId}/members', { path: { projectId } });
const memberPath = (projectId: string, userId: string) =>
  apiPath('/projects/{projectId}/members/{userId}', { path: { projectId, userId } });

/** The query's own signal (navigating away) or the timeout, whichever fires first. */
function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(MEMBERS_LOAD_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export const liveTeamSource: TeamSource = {
  async listTeam(projectId, signal) {
    return apiRequest(membersPath(projectId), {
      schema: memberListResponseSchema,
      signal: withTimeout(signal),
    });
  },
  async addMember(projectId, body) {
    const path = membersPath(projectId);
    return apiRequest(path, { method: 'POST', body, schema: addMemberResponseSchema });
  },
  async changeRole(projectId, userId, role) {
    const path = memberPath(projectId, userId);
    return (await apiRequest(path, { method: 'PATCH', body: { role }, schema: memberResponseSchema })).member;
  },
  async removeMember(projectId, userId) {
    await apiRequest(memberPath(projectId, userId), { method: 'DELETE' });
  },
  async revokeInvitation(projectId, invitationId) {
    const path = apiPath('/projects/{projectId}/invitations/{invitationId}', {
      path: { projectId, invitationId },
    });
    await apiRequest(path, { method: 'DELETE' });
  },
  async transferOwnership(projectId, userId) {
    const path = apiPath('/projects/{projectId}/owner', { path: { projectId } });
    await apiRequest(path, { method: 'POST', body: { userId } });
  },
  async answerInvitation(invitationId, accept) {
    const options = { path: { invitationId } };
    if (accept)
      await apiRequest(apiPath('/invitations/{invitationId}/accept', options), {
        method: 'POST',
        schema: acceptInvitationResponseSchema,
      });
    else await apiRequest(apiPath('/invitations/{invitationId}', options), { method: 'DELETE' });
  },
};

/**
 * The demo project's team, read by the same route as live (the demo project is public); writes are
 * always refused: demo data cannot be modified (spec 2 §6).
 */
export const demoTeamSource: TeamSource = {
  listTeam: (projectId, signal) => liveTeamSource.listTeam(projectId, signal),
  addMember: async () => {
    throw new ReadOnlyDataSourceError();
  },
  changeRole: async () => {
    throw new ReadOnlyDataSourceError();
  },
  removeMember: async () => {
    throw new ReadOnlyDataSourceError();
  },
  revokeInvitation: async () => {
    throw new ReadOnlyDataSourceError();
  },
  transferOwnership: async () => {
    throw new ReadOnlyDataSourceError();
  },
  answerInvitation: async () => {
    throw new ReadOnlyDataSourceError();
  },
};

const SOURCES: Record<DataSourceMode, TeamSource> = { live: liveTeamSource, demo: demoTeamSource };

export function useTeamSource(): { mode: DataSourceMode; source: TeamSource } {
  const { mode } = useDataSource();
  return { mode, source: SOURCES[mode] };
}
