import type { Invitation, Member, ProjectRole, TeamMemberAcrossProjects } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { MessageRef } from '../../platform/i18n';
import type { JobSender } from '../../platform/queue';
import type { AuditRecorder } from '../audit';
import type { BillingEnforcement } from '../billing';
import { invitationMail, mailLocale, memberAddedMail, notifyUser, queueMail } from '../notifications';
import { type ProjectAccess, requireProjectPermission, requireProjectReader } from '../projects';
import { MemberError } from './errors';
import * as invitations from './invitation-repo';
import type { InvitationValidity } from './invitation-validity';
import * as repo from './repo';

export function toMemberDto(row: repo.MemberRecord): Member {
  return {
    id: row.id,
    userId: row.userId,
    projectRole: row.role,
    isOwner: row.isOwner,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.user.id, name: row.user.fullName, email: row.user.email, avatar: row.user.avatarUrl },
  };
}

export function toInvitationDto(
  row: invitations.InvitationRow,
  validity: InvitationValidity,
  now: Date,
): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: validity.expiresAt(row.createdAt).toISOString(),
    expired: validity.isExpired(row.createdAt, now),
  };
}

/** The answer to every add, whatever happened, so it never tells whether the address has an account. */
/** The answer to an add, the same whether the person joined or was invited (no account enumeration). */
export function addedMessage(email: string): MessageRef {
  return { id: 'members.added', params: { email } };
}

export function createMemberService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  /** Queues the 'you were added' and invitation mails with the change. */
  jobs: JobSender;
  /** Where links in mails point. */
  appUrl: string;
  /** The plan's user limit (billing). */
  limits: Pick<BillingEnforcement, 'assertCanAddMember'>;
  invitationValidity: InvitationValidity;
}) {
  const { db, clock, audit, jobs, invitationValidity } = deps;

  /**
   * The member a change targets. The owner is never changed or removed; other Admins only by the owner
   * (spec 2 §5 'Admin members cannot be edited or removed' holds for every other Admin).
   */
  async function editableMember(
    tx: Database,
    access: ProjectAccess,
    actorId: string,
    userId: string,
  ): Promise<repo.MemberRecord> {
    const member = await repo.findProjectMember(tx, access.project.id, userId);
    if (!member) throw new MemberError('member_not_found');
    if (member.isOwner) throw new MemberError('owner_protected');
    if (member.role === 'Admin' && access.project.ownerUserId !== actorId)
      throw new MemberError('admin_protected');
    return member;
  }

  async function reload(projectId: string, userId: string): Promise<Member> {
    const member = await repo.findProjectMember(db, projectId, userId);
    if (!member) throw new MemberError('member_not_found');
    return toMemberDto(member);
  }

  return {
    async list(
      actorId: string | null,
      projectId: string,
    ): Promise<{ data: Member[]; invitations: Invitation[] }> {
      await requireProjectReader({ db, userId: actorId }, projectId);
      const [members, pending] = await Promise.all([
        repo.listProjectMembers(db, projectId),
        invitations.listProjectInvitations(db, projectId),
      ]);
      const now = clock.now();
      return {
        data: members.map(toMemberDto),
        invitations: pending.map((row) => toInvitationDto(row, invitationValidity, now)),
      };
    },

    /** Members of every project the caller belongs to (spec 2 §7). */
    async listAcrossProjects(actorId: string): Promise<TeamMemberAcrossProjects[]> {
      const rows = await repo.listMembersAcrossProjectsOf(db, actorId);
      return rows.map((row) => ({
        ...toMemberDto(row),
        projectId: row.projectId,
        projectName: row.projectName,
      }));
    },

    /**
     * Adds by e-mail (Admin). A verified account asked as Editor or Viewer joins at once; any other
     * address (no account, an unverified one, or anyone asked as Admin) gets a pending invitation that
     * only the verified owner of the address can accept. Both answer alike (decision 0158).
     */
    async add(
      actorId: string,
      projectId: string,
      input: { email: string; role: ProjectRole },
    ): Promise<{ message: MessageRef }> {
      await db
        .transaction(async (tx) => {
          const access = await requireProjectPermission(
            { db: tx, userId: actorId },
            projectId,
            'members.manage',
          );
          const now = clock.now();
          const target = await repo.findVerifiedUserIdByEmail(tx, input.email);
          if (target && (await repo.findProjectMember(tx, projectId, target)))
            throw new MemberError('already_member');
          const earlier = await invitations.findProjectInvitationByEmail(tx, projectId, input.email);
          if (earlier && !invitationValidity.isExpired(earlier.createdAt, now))
            throw new MemberError('already_invited');
          // An expired invitation gives way to the new one (a new id, role and validity).
          if (earlier) await invitations.deleteInvitation(tx, earlier.id);
          await deps.limits.assertCanAddMember(tx, projectId);
          if (target && input.role !== 'Admin') {
            await repo.insertMember(tx, { projectId, userId: target, role: input.role, at: now });
            const added = { projectName: access.project.name, role: input.role };
            await notifyUser(tx, jobs, target, (locale) => memberAddedMail(locale, added), now, projectId);
            await audit.record(
              {
                actorId,
                projectId,
                action: 'member.added',
                targetType: 'member',
                targetId: target,
                details: { email: input.email, before: null, after: { role: input.role } },
              },
              tx,
            );
            return;
          }
          const invitation = await invitations.insertInvitation(tx, {
            projectId,
            email: input.email,
            role: input.role,
            invitedBy: actorId,
            at: now,
          });
          const inviter = await repo.findProjectMember(tx, projectId, actorId);
          // In the project's language, else the inviter's: the invitee has no profile yet.
          const mail = invitationMail(await mailLocale(tx, { projectId, userId: actorId }), {
            projectName: access.project.name,
            role: input.role,
            inviter: inviter?.user.fullName ?? null,
            appUrl: deps.appUrl,
            validDays: invitationValidity.validDays,
          });
          // Not linked to an account: the outbox row must not reveal one either.
          await queueMail(tx, jobs, { userId: null, to: input.email, ...mail }, now);
          await audit.record(
            {
              actorId,
              projectId,
              action: 'member.invited',
              targetType: 'invitation',
              targetId: invitation.id,
              details: { email: input.email, before: null, after: { role: input.role } },
            },
            tx,
          );
        })
        .catch((error: unknown) => {
          // Two Admins adding the same address at once: the unique indexes decide.
          if (isUniqueViolation(error)) throw new MemberError('already_invited');
          throw error;
        });
      return { message: addedMessage(input.email) };
    },

    /** Withdraws a pending invitation (Admin). */
    async revokeInvitation(actorId: string, projectId: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await requireProjectPermission({ db: tx, userId: actorId }, projectId, 'members.manage');
        const revoked = await invitations.deleteProjectInvitation(tx, projectId, invitationId);
        if (!revoked) throw new MemberError('invitation_not_found');
        await audit.record(
          {
            actorId,
            projectId,
            action: 'member.invitation_revoked',
            targetType: 'invitation',
            targetId: invitationId,
            details: { email: revoked.email, before: { role: revoked.role }, after: null },
          },
          tx,
        );
      });
    },

    async changeRole(actorId: string, projectId: string, userId: string, role: ProjectRole): Promise<Member> {
      await db.transaction(async (tx) => {
        const access = await requireProjectPermission(
          { db: tx, userId: actorId },
          projectId,
          'members.manage',
        );
        const member = await editableMember(tx, access, actorId, userId);
        await repo.updateMemberRole(tx, projectId, userId, role);
        await audit.record(
          {
            actorId,
            projectId,
            action: 'member.role_changed',
            targetType: 'member',
            targetId: userId,
            details: { email: member.user.email, before: { role: member.role }, after: { role } },
          },
          tx,
        );
      });
      return reload(projectId, userId);
    },

    async remove(actorId: string, projectId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const access = await requireProjectPermission(
          { db: tx, userId: actorId },
          projectId,
          'members.manage',
        );
        const member = await editableMember(tx, access, actorId, userId);
        await repo.deleteMember(tx, projectId, userId);
        await audit.record(
          {
            actorId,
            projectId,
            action: 'member.removed',
            targetType: 'member',
            targetId: userId,
            details: { email: member.user.email, before: { role: member.role }, after: null },
          },
          tx,
        );
      });
    },

    /** Hands the ownership to another Admin member (owner only); the old owner stays an Admin. */
    async transferOwnership(actorId: string, projectId: string, userId: string): Promise<Member[]> {
      await db.transaction(async (tx) => {
        const access = await requireProjectPermission(
          { db: tx, userId: actorId },
          projectId,
          'members.manage',
        );
        if (access.project.ownerUserId !== actorId) throw new MemberError('owner_only');
        const target = await repo.findProjectMember(tx, projectId, userId);
        if (!target) throw new MemberError('member_not_found');
        if (target.role !== 'Admin') throw new MemberError('not_an_admin');
        if (target.isOwner) return;
        await repo.setProjectOwner(tx, projectId, userId);
        await audit.record(
          {
            actorId,
            projectId,
            action: 'project.ownership_transferred',
            targetType: 'member',
            targetId: userId,
            details: { email: target.user.email, before: { owner: actorId }, after: { owner: userId } },
          },
          tx,
        );
      });
      return (await repo.listProjectMembers(db, projectId)).map(toMemberDto);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
