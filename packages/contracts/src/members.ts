import { z } from 'zod';
import { emailSchema } from './auth';
import { projectRoleSchema } from './projects';

export const memberSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  projectRole: projectRoleSchema,
  createdAt: z.string(),
  user: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListResponseSchema = z.object({ data: z.array(memberSchema) });
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

export const memberResponseSchema = z.object({ member: memberSchema });

/** Add a member by the e-mail of an existing account (spec 2 §5: the invited user must already have an account). */
export const addMemberBodySchema = z.object({
  email: emailSchema,
  role: projectRoleSchema,
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;

export const updateMemberBodySchema = z.object({ role: projectRoleSchema });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

export const memberParamsSchema = z.object({
  projectId: z.string().uuid('Project not found'),
  userId: z.string().uuid('Member not found'),
});

/** A membership seen across all of the caller's projects (spec 2 §7 `GET /team-members-all`). */
export const teamMemberAcrossProjectsSchema = memberSchema.extend({
  projectId: z.string().uuid(),
  projectName: z.string(),
});
export type TeamMemberAcrossProjects = z.infer<typeof teamMemberAcrossProjectsSchema>;

export const teamMembersAllResponseSchema = z.object({ data: z.array(teamMemberAcrossProjectsSchema) });
export type TeamMembersAllResponse = z.infer<typeof teamMembersAllResponseSchema>;
