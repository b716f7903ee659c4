// The invitee's side of invitations: the signed-in account sees, accepts or declines the invitations
// addressed to its e-mail. The session hook lets only verified accounts here, so an address is proved
// before any invitation to it becomes a membership (decision 0158).
import type { MyInvitation } from '@plumbline/contracts';
import type { AuthContext } from '../../platform/auth/context';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { AuditRecorder } from '../audit';
import type { BillingEnforcement } from '../billing';
import { findActiveProject } from '../projects';
import { MemberError } from './errors';
import * as invitations from './invitation-repo';
import type { InvitationValidity } from './invitation-validity';
import * as repo from './repo';

export function createInvitationService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  limits: Pick<BillingEnforcement, 'assertCanAddMember'>;
  invitationValidity: InvitationValidity;
}) {
  const { db, clock, audit, invitationValidity } = deps;

  /** The caller's invitation by id; an unverified caller or another address's invitation is not found. */
  async function mine(tx: Database, auth: AuthContext, invitationId: string) {
    if (!auth.user.emailVerified) throw new MemberError('invitation_not_found');
    const invitation = await invitations.findInvitationFor(tx, invitationId, auth.user.email);
    if (!invitation) throw new MemberError('invitation_not_found');
    return invitation;
  }

  return {
    async listMine(auth: AuthContext): Promise<MyInvitation[]> {
      if (!auth.user.emailVerified) return [];
      const rows = await invitations.listInvitationsFor(db, auth.user.email);
      const now = clock.now();
      return rows
        .filter((row) => !invitationValidity.isExpired(row.createdAt, now))
        .map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          expiresAt: invitationValidity.expiresAt(row.createdAt).toISOString(),
        }));
    },

    /** Joins the project with the invited role; the invitation is then gone. */
    async accept(auth: AuthContext, invitationId: string): Promise<{ projectId: string }> {
      return db
        .transaction(async (tx) => {
          const invitation = await mine(tx, auth, invitationId);
          if (invitationValidity.isExpired(invitation.createdAt, clock.now()))
            throw new MemberError('invitation_expired');
          const { projectId } = invitation;
          if (!(await findActiveProject(tx, projectId))) throw new MemberError('invitation_not_found');
          await invitations.deleteInvitation(tx, invitation.id);
          if (!(await repo.findProjectMember(tx, projectId, auth.user.id))) {
            await deps.limits.assertCanAddMember(tx, projectId);
            await repo.insertMember(tx, {
              projectId,
              userId: auth.user.id,
              role: invitation.role,
              at: clock.now(),
            });
          }
          await audit.record(
            {
              actorId: auth.user.id,
              projectId,
              action: 'member.invitation_accepted',
              targetType: 'member',
              targetId: auth.user.id,
              details: { invitedBy: invitation.invitedBy, before: null, after: { role: invitation.role } },
            },
            tx,
          );
          return { projectId };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new MemberError('already_member');
          throw error;
        });
    },

    async decline(auth: AuthContext, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const invitation = await mine(tx, auth, invitationId);
        await invitations.deleteInvitation(tx, invitation.id);
        await audit.record(
          {
            actorId: auth.user.id,
            projectId: invitation.projectId,
            action: 'member.invitation_declined',
            targetType: 'invitation',
            targetId: invitation.id,
          },
          tx,
        );
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
