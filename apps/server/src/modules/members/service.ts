import type { Member, ProjectRole, TeamMemberAcrossProjects } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { JobSender } from '../../platform/queue';
import type { AuditRecorder } from '../audit/service';
import type { BillingEnforcement } from '../billing/service';
import { memberAddedMail } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { requireProjectReader, requireProjectRole } from '../projects/access';
import { findActiveProject } from '../projects/repo';
import { MemberError } from './errors';
import * as repo from './repo';

export function toMemberDto(row: repo.MemberRecord): Member {
  return {
    id: row.id,
    userId: row.userId,
    projectRole: row.role,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.user.id, name: row.user.fullName, email: row.user.email, avatar: row.user.avatarUrl },
  };
}

export function createMemberService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  /** Queues the 'you were added' mail with the membership. */
  jobs: JobSender;
  /** The plan's user limit (billing). */
  limits: Pick<BillingEnforcement, 'assertCanAddMember'>;
}) {
  const { db, clock, audit } = deps;

  /** The member a change targets; Admin members are never edited or removed. */
  async function editableMember(tx: Database, projectId: string, userId: string): Promise<repo.MemberRecord> {
    const member = await repo.findProjectMember(tx, projectId, userId);
    if (!member) throw new MemberError('member_not_found');
    if (member.role === 'Admin') throw new MemberError('admin_protected');
    return member;
  }

  async function reload(projectId: string, userId: string): Promise<Member> {
    const member = await repo.findProjectMember(db, projectId, userId);
    if (!member) throw new MemberError('member_not_found');
    return toMemberDto(member);
  }

  return {
    async list(actorId: string | null, projectId: string): Promise<Member[]> {
      await requireProjectReader({ db, userId: actorId }, projectId);
      return (await repo.listProjectMembers(db, projectId)).map(toMemberDto);
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

    /** Adds an existing account by e-mail (Admin). */
    async add(
      actorId: string,
      projectId: string,
      input: { email: string; role: ProjectRole },
    ): Promise<Member> {
      const userId = await db
        .transaction(async (tx) => {
          await requireProjectRole({ db: tx, userId: actorId }, projectId, 'Admin');
          const target = await repo.findUserIdByEmail(tx, input.email);
          if (!target) throw new MemberError('no_such_account');
          if (await repo.findProjectMember(tx, projectId, target)) throw new MemberError('already_member');
          await deps.limits.assertCanAddMember(tx, projectId);
          await repo.insertMember(tx, { projectId, userId: target, role: input.role, at: clock.now() });
          const project = await findActiveProject(tx, projectId);
          await notifyUser(
            tx,
            deps.jobs,
            target,
            memberAddedMail({ projectName: project?.name ?? 'a project', role: input.role }),
            clock.now(),
          );
          await audit.record(
            {
              actorId,
              projectId,
              action: 'member.added',
              targetType: 'member',
              targetId: target,
              details: { role: input.role },
            },
            tx,
          );
          return target;
        })
        .catch((error: unknown) => {
          // Two Admins adding the same person at once: the unique index decides.
          if (isUniqueViolation(error)) throw new MemberError('already_member');
          throw error;
        });
      return reload(projectId, userId);
    },

    async changeRole(actorId: string, projectId: string, userId: string, role: ProjectRole): Promise<Member> {
      await db.transaction(async (tx) => {
        await requireProjectRole({ db: tx, userId: actorId }, projectId, 'Admin');
        const member = await editableMember(tx, projectId, userId);
        await repo.updateMemberRole(tx, projectId, userId, role);
        await audit.record(
          {
            actorId,
            projectId,
            action: 'member.role_changed',
            targetType: 'member',
            targetId: userId,
            details: { from: member.role, to: role },
          },
          tx,
        );
      });
      return reload(projectId, userId);
    },

    async remove(actorId: string, projectId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await requireProjectRole({ db: tx, userId: actorId }, projectId, 'Admin');
        const member = await editableMember(tx, projectId, userId);
        await repo.deleteMember(tx, projectId, userId);
        await audit.record(
          {
            actorId,
            projectId,
            action: 'member.removed',
            targetType: 'member',
            targetId: userId,
            details: { role: member.role },
          },
          tx,
        );
      });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
