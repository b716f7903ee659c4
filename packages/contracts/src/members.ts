import { z } from 'zod';
import { emailSchema } from './auth';
import { projectRoleSchema } from './projects';

export const memberSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  projectRole: projectRoleSchema,
  /** The project's owner (always an Admin): cannot be removed or demoted; manages the other Admins. */
  isOwner: z.boolean(),
  createdAt: z.string(),
  user: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
});
export type Member = z.infer<typeof memberSchema>;

/** An address asked to join and not yet a member (shown as 'Invited' in the Team list). */
export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: projectRoleSchema,
  createdAt: z.string(),
  /** When it can no longer be accepted; inviting the address again renews it. */
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const memberListResponseSchema = z.object({
  data: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

export const memberResponseSchema = z.object({ member: memberSchema });

/**
 * Add a member by e-mail. A verified account asked as Editor or Viewer joins at once; any other address
 * (no account, unverified, or asked as Admin) gets an invitation to accept. The answer is the same for
 * all, so it does not tell whether the address has an account.
 */
export const addMemberBodySchema = z.object({
  email: emailSchema,
  role: projectRoleSchema,
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;
export const addMemberResponseSchema = z.object({ message: z.string() });
export type AddMemberResponse = z.infer<typeof addMemberResponseSchema>;

export const invitationParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  invitationId: z.string().uuid('error.invitation_not_found'),
});

/** Hand the ownership to another Admin member (owner only). */
export const transferOwnershipBodySchema = z.object({ userId: z.string().uuid('error.member_not_found') });
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** An invitation addressed to the signed-in account's verified e-mail. */
export const myInvitationSchema = z.object({
  id: z.string().uuid(),
  projectId: z.string().uuid(),
  projectName: z.string(),
  role: projectRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationListResponseSchema = z.object({ data: z.array(myInvitationSchema) });
export const myInvitationParamsSchema = z.object({
  invitationId: z.string().uuid('error.invitation_not_found'),
});
export const acceptInvitationResponseSchema = z.object({ projectId: z.string().uuid() });

/** The members module's error codes (apps/server modules/members/errors.ts maps each to a status and message). */
export const memberErrorCodes = [
  'already_member', // 409
  'already_invited', // 409 the address has a pending invitation to this project
  'member_not_found', // 404
  'admin_protected', // 403 only the owner changes or removes Admins
  'owner_protected', // 403 the owner cannot be removed or demoted (transfer the ownership first)
  'owner_only', // 403 only the owner may transfer the ownership
  'not_an_admin', // 400 the ownership goes to an Admin member only
  'invitation_not_found', // 404
  'invitation_expired', // 410 past its validity: ask an Admin to invite the address again
] as const;
export type MemberErrorCode = (typeof memberErrorCodes)[number];

export const updateMemberBodySchema = z.object({ role: projectRoleSchema });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

export const memberParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  userId: z.string().uuid('error.member_not_found'),
});

/** A membership seen across all of the caller's projects (spec 2 §7 `GET /team-members-all`). */
export const teamMemberAcrossProjectsSchema = memberSchema.extend({
  projectId: z.string().uuid(),
  projectName: z.string(),
});
export type TeamMemberAcrossProjects = z.infer<typeof teamMemberAcrossProjectsSchema>;

export const teamMembersAllResponseSchema = z.object({ data: z.array(teamMemberAcrossProjectsSchema) });
export type TeamMembersAllResponse = z.infer<typeof teamMembersAllResponseSchema>;
